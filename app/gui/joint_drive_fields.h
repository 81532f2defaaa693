// A revolute or prismatic joint's drive and limits (docs/scene-format.md, "Joint drives and
// limits") as form rows: the drive's type (none, speed, ramp, table, motor) with that type's
// numbers, the one-sided stops, and a revolute joint's friction ("Friction in a joint"). The fields
// read back into the joint's JSON; ranges are left to the scene reader, whose one-line error the
// joint form shows when the edit does not build.
#pragma once

#include <QString>
#include <QWidget>
#include <nlohmann/json.hpp>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace contactsim::gui {

class NumberFields;

class JointDriveFields : public QObject {
  Q_OBJECT

 public:
  // Adds the rows to `form` (the joint form's fields).
  JointDriveFields(QFormLayout* form, QWidget* parent);

  // Shows `joint`'s drive, limits and friction (none when absent).
  void show(const nlohmann::json& joint);
  // Writes `drive`, `limits` and `friction` into `joint` (erased when none); false with a one-line
  // error naming the field ("drive.table: ..."). Types without a drive (`joint_type` spherical,
  // fixed) lose all three, a prismatic joint its friction.
  bool read(nlohmann::json& joint, const QString& joint_type, QString& error) const;
  // Enables the rows for revolute and prismatic joints (friction's for revolute ones) and names
  // the effort limit for the type.
  void setJointType(const QString& joint_type);

 private:
  void updateEnabled();
  bool readFriction(nlohmann::json& joint, QString& error) const;

  QComboBox* type_;
  NumberFields* speed_;
  NumberFields* ramp_time_;
  QLineEdit* table_;
  NumberFields* position_;
  NumberFields* stiffness_;
  NumberFields* damping_;
  NumberFields* max_effort_;
  QLabel* max_effort_label_;
  NumberFields* lower_;
  NumberFields* upper_;
  NumberFields* stop_stiffness_;
  NumberFields* stop_damping_;
  NumberFields* friction_coefficient_;
  NumberFields* pin_radius_;
  NumberFields* stick_speed_;
  bool has_drive_ = true;     // the joint type takes a drive
  bool has_friction_ = true;  // the joint type takes friction (revolute)
};

// "t x; t x; ..." for a drive table and back; parseDriveTable gives false with the error.
QString driveTableText(const nlohmann::json& table);
bool parseDriveTable(const QString& text, nlohmann::json& table, QString& error);

}  // namespace contactsim::gui
