#include "sim_controls.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolBar>

namespace contactsim::gui {

SimControls::SimControls(QMenu* menu, QToolBar* toolbar, QObject* parent)
    : QObject(parent), speed_(new QComboBox(toolbar)), time_step_(new QDoubleSpinBox(toolbar)) {
  QStyle* style = QApplication::style();
  play_ = menu->addAction(style->standardIcon(QStyle::SP_MediaPlay), "&Play");
  play_->setObjectName("play");
  play_->setCheckable(true);
  play_->setShortcut(Qt::Key_Space);
  play_->setToolTip("Play / pause the simulation (Space)");
  step_ = menu->addAction(style->standardIcon(QStyle::SP_MediaSkipForward), "&Step");
  step_->setObjectName("step");
  step_->setShortcut(Qt::Key_Period);
  step_->setToolTip("One time step (.)");
  reset_ = menu->addAction(style->standardIcon(QStyle::SP_MediaSkipBackward), "&Reset");
  reset_->setObjectName("reset");
  reset_->setShortcut(Qt::CTRL | Qt::Key_R);
  reset_->setToolTip("Back to t = 0, applying scene edits (Ctrl+R)");
  menu->addSeparator();
  record_ = menu->addAction(style->standardIcon(QStyle::SP_DialogSaveButton), "Re&cord…");
  record_->setObjectName("record");
  record_->setCheckable(true);
  record_->setToolTip("Record every step of the run to a recording file (.db)");

  speed_->setObjectName("speed");
  speed_->addItem("real time", 1.0);
  speed_->addItem("as fast as possible", 0.0);
  speed_->addItem("slow motion ×0.1", 0.1);
  speed_->setToolTip("Simulated seconds per wall-clock second");
  time_step_->setObjectName("time_step");
  time_step_->setDecimals(6);
  time_step_->setRange(1e-6, 0.1);
  time_step_->setSingleStep(1e-4);
  time_step_->setSuffix(" s");
  time_step_->setKeyboardTracking(false);
  time_step_->setToolTip("Solver time step (the run restarts from t = 0 with it)");

  toolbar->addAction(play_);
  toolbar->addAction(step_);
  toolbar->addAction(reset_);
  toolbar->addWidget(speed_);
  toolbar->addWidget(new QLabel(" h ", toolbar));
  toolbar->addWidget(time_step_);
  toolbar->addAction(record_);

  connect(play_, &QAction::toggled, this, &SimControls::playToggled);
  connect(step_, &QAction::triggered, this, &SimControls::stepRequested);
  connect(reset_, &QAction::triggered, this, &SimControls::resetRequested);
  connect(record_, &QAction::toggled, this, &SimControls::recordToggled);
  connect(speed_, &QComboBox::currentIndexChanged, this, [this] { emit speedChanged(speed()); });
  connect(time_step_, &QDoubleSpinBox::valueChanged, this, &SimControls::timeStepEdited);
  setEnabled(false);
}

double SimControls::speed() const { return speed_->currentData().toDouble(); }

void SimControls::setRunning(bool running) {
  const QSignalBlocker blocker(play_);
  play_->setChecked(running);
  play_->setText(running ? "&Pause" : "&Play");
  play_->setIcon(
      QApplication::style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void SimControls::setRecording(bool recording) {
  const QSignalBlocker blocker(record_);
  record_->setChecked(recording);
  record_->setText(recording ? "Stop re&cording" : "Re&cord…");
}

void SimControls::setTimeStep(double seconds) {
  const QSignalBlocker blocker(time_step_);
  time_step_->setValue(seconds);
}

void SimControls::setEnabled(bool enabled) {
  for (QAction* action : {play_, step_, reset_, record_}) action->setEnabled(enabled);
  time_step_->setEnabled(enabled);
}

}  // namespace contactsim::gui
