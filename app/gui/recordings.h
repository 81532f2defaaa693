// Recording and replay, one job of the main window: the live run recorded to a file (Simulation ▸
// Record), a recording replayed on its timeline (ReplayController, which this owns), a replay run
// to a time, and the video made from the replayed or else the last made recording (File ▸ Export
// video…). The window builds the view a replay is drawn in and draws its frames; this needs only
// the run's thread, and is testable without the window.
#pragma once

#include <QObject>
#include <QString>
#include <functional>

#include "force_scale.h"

class QStatusBar;
class QWidget;

namespace contactsim::gui {

class ReplayController;
class SimulationThread;
struct VideoExportOptions;

class Recordings : public QObject {
  Q_OBJECT

 public:
  // Records the runs of `simulation`. Messages go to `status_bar`, dialogs open over `parent`;
  // `force_scale` gives the scale of a video whose options set none (the window's view's).
  Recordings(SimulationThread& simulation, QStatusBar* status_bar, QWidget* parent,
             std::function<render::ForceScale()> force_scale);

  // The replay's timeline, a widget for the window to place; its frames are the ones to draw.
  ReplayController& replay() const { return *replay_; }
  bool replaying() const;

  // Shows the replayed recording's first frame at or after t (its last if it ends before), then
  // emits reachedTime as a run does, once the caller is listening (--run-until with
  // --screenshot). False, doing nothing, when no recording is replayed.
  bool runUntil(double t);

  // Records the live run to `path` (a file the recording's end reports); false, doing nothing,
  // while a recording is replayed.
  bool startRecording(const QString& path);
  void stopRecording();
  // Asks where to record, then records; false when the user cancelled or a replay is on.
  bool chooseAndRecord();
  // The recording last written; empty until one is saved.
  const QString& lastRecording() const { return last_recording_; }

  // Renders a video of the replayed recording (or else the last one made) to `out`, showing only
  // a progress bar. Returns false after reporting the error (nothing recorded, options out of
  // range, a file that cannot be written).
  bool exportVideo(const QString& out, const VideoExportOptions& options);
  // Asks for the span, size and file (VideoExportDialog), then exportVideo.
  void chooseAndExportVideo();

 signals:
  void reachedTime(double time);
  // An error for the window's reporter: a recording that cannot be read, a video not made.
  void failed(const QString& title, const QString& text);

 private:
  QString recordingToExport() const;  // the replayed or last made recording; empty if none

  SimulationThread& simulation_;
  QStatusBar* status_bar_;
  QWidget* parent_;
  std::function<render::ForceScale()> force_scale_;
  ReplayController* replay_;
  QString last_recording_;
};

}  // namespace contactsim::gui
