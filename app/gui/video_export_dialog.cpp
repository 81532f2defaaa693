#include "video_export_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace contactsim::gui {

namespace {

QDoubleSpinBox* timeBox(double first, double last, double value, QWidget* parent) {
  auto* box = new QDoubleSpinBox(parent);
  box->setRange(first, last);
  box->setDecimals(4);
  box->setSingleStep(0.01);
  box->setSuffix(" s");
  box->setValue(value);
  return box;
}

}  // namespace

VideoExportDialog::VideoExportDialog(double first, double last, const QString& file,
                                     QWidget* parent)
    : QDialog(parent),
      file_(new QLineEdit(file, this)),
      fps_(new QDoubleSpinBox(this)),
      from_(timeBox(first, last, first, this)),
      to_(timeBox(first, last, last, this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
  setWindowTitle("Export video");
  auto* browse = new QPushButton("Browse…", this);
  auto* file_row = new QHBoxLayout;
  file_row->addWidget(file_, 1);
  file_row->addWidget(browse);
  fps_->setRange(1.0, 240.0);
  fps_->setDecimals(1);
  fps_->setValue(30.0);
  fps_->setSuffix(" fps");
  auto* form = new QFormLayout(this);
  form->addRow("File (.ogv, .mp4)", file_row);
  form->addRow("Frame rate", fps_);
  form->addRow("From", from_);
  form->addRow("To", to_);
  form->addRow(buttons_);
  connect(browse, &QPushButton::clicked, this, &VideoExportDialog::browse);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  // The span stays ordered: each end limits the other.
  connect(from_, &QDoubleSpinBox::valueChanged, to_, [this](double t) { to_->setMinimum(t); });
  connect(to_, &QDoubleSpinBox::valueChanged, from_, [this](double t) { from_->setMaximum(t); });
  connect(file_, &QLineEdit::textChanged, this, [this](const QString& text) {
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
  });
}

QString VideoExportDialog::file() const { return file_->text().trimmed(); }

VideoExportOptions VideoExportDialog::options() const {
  VideoExportOptions options;
  options.frames_per_second = fps_->value();
  options.from = from_->value();
  options.to = to_->value();
  return options;
}

void VideoExportDialog::browse() {
  const QString chosen =
      QFileDialog::getSaveFileName(this, "Export video", file(), "Video (*.ogv *.mp4)");
  if (!chosen.isEmpty()) file_->setText(chosen);
}

}  // namespace contactsim::gui
