// The simulation's controls, in a Simulation menu and a toolbar: play/pause (space), single step,
// reset, speed (real time, as fast as possible, slow motion ×0.1), time step, record.
#pragma once

#include <QObject>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QMenu;
class QToolBar;

namespace contactsim::gui {

class SimControls : public QObject {
  Q_OBJECT

 public:
  SimControls(QMenu* menu, QToolBar* toolbar, QObject* parent = nullptr);

  QAction* playAction() const { return play_; }
  QAction* stepAction() const { return step_; }
  QAction* resetAction() const { return reset_; }
  QAction* recordAction() const { return record_; }
  QComboBox* speedBox() const { return speed_; }
  QDoubleSpinBox* timeStepBox() const { return time_step_; }

  // Simulated seconds per wall second; 0 = as fast as possible.
  double speed() const;
  // Reflect the worker's state without emitting signals.
  void setRunning(bool running);
  void setRecording(bool recording);
  void setTimeStep(double seconds);
  void setEnabled(bool enabled);

 signals:
  void playToggled(bool play);
  void stepRequested();
  void resetRequested();
  void speedChanged(double speed);
  void timeStepEdited(double seconds);
  void recordToggled(bool record);

 private:
  QAction* play_;
  QAction* step_;
  QAction* reset_;
  QAction* record_;
  QComboBox* speed_;
  QDoubleSpinBox* time_step_;
};

}  // namespace contactsim::gui
