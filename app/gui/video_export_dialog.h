// File ▸ Export video…: collects the output file, frame rate and time span of the video; the
// export itself is Recordings::exportVideo.
#pragma once

#include <QDialog>

#include "video_export.h"

class QDialogButtonBox;
class QDoubleSpinBox;
class QLineEdit;

namespace contactsim::gui {

class VideoExportDialog : public QDialog {
  Q_OBJECT

 public:
  // `first` and `last`: the recording's span of simulated time, the default span of the video.
  VideoExportDialog(double first, double last, const QString& file, QWidget* parent = nullptr);

  QString file() const;
  VideoExportOptions options() const;

 private:
  void browse();

  QLineEdit* file_;
  QDoubleSpinBox* fps_;
  QDoubleSpinBox* from_;
  QDoubleSpinBox* to_;
  QDialogButtonBox* buttons_;
};

}  // namespace contactsim::gui
