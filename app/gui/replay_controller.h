// Replay of a recording: a timeline slider (one tick per recorded frame) with play, pause and
// single-frame steps. Frames are read on demand from the file (RecordingReader) in the GUI thread,
// which is fast enough for scrubbing; playback follows the recorded simulation time in real time.
#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "geometry/tri_mesh.h"
#include "record/recording_reader.h"

class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace contactsim::gui {

class ReplayController : public QWidget {
  Q_OBJECT

 public:
  explicit ReplayController(QWidget* parent = nullptr);
  ~ReplayController() override;

  // Opens `path` and shows frame 0. Throws RecordingError (what() names the file).
  void open(const QString& path);
  void close();
  bool isOpen() const { return reader_ != nullptr; }
  RecordingReader* reader() const { return reader_.get(); }
  // The bodies' meshes in header order (null for bodies without one), shared with the view.
  const std::vector<std::shared_ptr<const TriMesh>>& meshes() const { return meshes_; }

  void showFrame(std::int64_t index);
  std::int64_t currentFrame() const { return current_; }
  QSlider& slider() { return *slider_; }
  void play();
  void pause();
  bool playing() const;

 signals:
  void frameShown(const SimulationFrame& frame);
  void failed(const QString& message);

 private:
  void advance();

  std::unique_ptr<RecordingReader> reader_;
  std::vector<std::shared_ptr<const TriMesh>> meshes_;
  std::int64_t current_ = -1;
  QSlider* slider_;
  QLabel* label_;
  QToolButton* play_button_;
  QTimer* timer_;
  double play_start_time_ = 0.0;  // recorded time at play start
  qint64 play_start_wall_ = 0;    // ms
};

}  // namespace contactsim::gui
