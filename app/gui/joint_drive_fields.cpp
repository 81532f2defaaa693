#include "joint_drive_fields.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "number_fields.h"

namespace contactsim::gui {

using nlohmann::json;

namespace {

bool takesDrive(const QString& joint_type) {
  return joint_type == "revolute" || joint_type == "prismatic";
}

bool takesFriction(const QString& joint_type) { return joint_type == "revolute"; }

// The effort limit's key: a torque for a revolute joint, a force for a prismatic one.
const char* maxEffortKey(const QString& joint_type) {
  return joint_type == "prismatic" ? "max_force" : "max_torque";
}

// Reads one optional number into object[key] (erased when empty).
bool readOptional(const NumberFields* fields, json& object, const char* key, QString& error) {
  json value;
  if (!fields->read(value, error, true)) return false;
  if (value.is_null())
    object.erase(key);
  else
    object[key] = value;
  return true;
}

// Reads one number the type requires into object[key].
bool readRequired(const NumberFields* fields, json& object, const char* key, const QString& path,
                  QString& error) {
  json value;
  if (!fields->read(value, error, true)) return false;
  if (value.is_null()) {
    error = path + ": required";
    return false;
  }
  object[key] = value;
  return true;
}

}  // namespace

QString driveTableText(const json& table) {
  QStringList rows;
  if (!table.is_array()) return {};
  for (const json& point : table) {
    if (point.is_array() && point.size() == 2 && point[0].is_number() && point[1].is_number())
      rows << numberText(point[0].get<double>()) + " " + numberText(point[1].get<double>());
  }
  return rows.join("; ");
}

bool parseDriveTable(const QString& text, json& table, QString& error) {
  table = json::array();
  const QStringList rows = text.split(';', Qt::SkipEmptyParts);
  for (int i = 0; i < rows.size(); ++i) {
    const QStringList pair = rows[i].simplified().split(' ', Qt::SkipEmptyParts);
    bool t_ok = false, x_ok = false;
    const double t = pair.size() == 2 ? pair[0].toDouble(&t_ok) : 0.0;
    const double x = pair.size() == 2 ? pair[1].toDouble(&x_ok) : 0.0;
    if (!t_ok || !x_ok || !std::isfinite(t) || !std::isfinite(x)) {
      error = QStringLiteral("drive.table: point %1: expected 't x' (two numbers), got '%2'")
                  .arg(i + 1)
                  .arg(rows[i].trimmed());
      return false;
    }
    table.push_back({t, x});
  }
  if (table.size() < 2) {
    error = "drive.table: expected at least two points 't x', separated by ';'";
    return false;
  }
  return true;
}

JointDriveFields::JointDriveFields(QFormLayout* form, QWidget* parent)
    : QObject(parent),
      type_(new QComboBox(parent)),
      speed_(new NumberFields("drive.speed", 1, parent)),
      ramp_time_(new NumberFields("drive.ramp_time", 1, parent)),
      table_(new QLineEdit(parent)),
      position_(new NumberFields("drive.position", 1, parent)),
      stiffness_(new NumberFields("drive.stiffness", 1, parent)),
      damping_(new NumberFields("drive.damping", 1, parent)),
      max_effort_(new NumberFields("drive.max_torque", 1, parent)),
      max_effort_label_(new QLabel("Max torque (N·m)", parent)),
      lower_(new NumberFields("limits.lower", 1, parent)),
      upper_(new NumberFields("limits.upper", 1, parent)),
      stop_stiffness_(new NumberFields("limits.stiffness", 1, parent)),
      stop_damping_(new NumberFields("limits.damping", 1, parent)),
      friction_coefficient_(new NumberFields("friction.coefficient", 1, parent)),
      pin_radius_(new NumberFields("friction.pin_radius", 1, parent)),
      stick_speed_(new NumberFields("friction.stick_speed", 1, parent)) {
  type_->setObjectName("joint_drive_type");
  type_->addItems({"none", "speed", "ramp", "table", "motor"});
  speed_->setObjectName("joint_drive_speed");
  ramp_time_->setObjectName("joint_drive_ramp_time");
  table_->setObjectName("joint_drive_table");
  table_->setPlaceholderText("t x; t x; ... (s, rad or m)");
  position_->setObjectName("joint_drive_position");
  stiffness_->setObjectName("joint_drive_stiffness");
  damping_->setObjectName("joint_drive_damping");
  max_effort_->setObjectName("joint_drive_max_effort");
  lower_->setObjectName("joint_limit_lower");
  upper_->setObjectName("joint_limit_upper");
  stop_stiffness_->setObjectName("joint_limit_stiffness");
  stop_damping_->setObjectName("joint_limit_damping");
  friction_coefficient_->setObjectName("joint_friction_coefficient");
  pin_radius_->setObjectName("joint_friction_pin_radius");
  stick_speed_->setObjectName("joint_friction_stick_speed");
  form->addRow("Drive", type_);
  form->addRow("Speed (rad/s or m/s)", speed_);
  form->addRow("Ramp time (s)", ramp_time_);
  form->addRow("Table", table_);
  form->addRow("Motor set position (rad or m)", position_);
  form->addRow("Motor k_p (N·m/rad or N/m)", stiffness_);
  form->addRow("Motor k_d (N·m·s/rad or N·s/m)", damping_);
  form->addRow(max_effort_label_, max_effort_);
  form->addRow("Lower stop (rad or m)", lower_);
  form->addRow("Upper stop (rad or m)", upper_);
  form->addRow("Stop stiffness (N·m/rad or N/m)", stop_stiffness_);
  form->addRow("Stop damping (s/rad or s/m)", stop_damping_);
  form->addRow("Pin friction μ", friction_coefficient_);
  form->addRow("Pin radius (m)", pin_radius_);
  form->addRow("Stick speed (rad/s)", stick_speed_);
  connect(type_, &QComboBox::currentTextChanged, this, &JointDriveFields::updateEnabled);
  updateEnabled();
}

void JointDriveFields::show(const json& joint) {
  const json drive = joint.value("drive", json::object());
  const QString type = drive.contains("type") && drive["type"].is_string()
                           ? QString::fromStdString(drive["type"].get<std::string>())
                           : QStringLiteral("none");
  type_->setCurrentIndex(std::max(0, type_->findText(type)));
  speed_->setValues(drive.value("speed", json()));
  ramp_time_->setValues(drive.value("ramp_time", json()));
  table_->setText(driveTableText(drive.value("table", json())));
  position_->setValues(drive.value("position", json()));
  stiffness_->setValues(drive.value("stiffness", json()));
  damping_->setValues(drive.value("damping", json()));
  max_effort_->setValues(drive.contains("max_force") ? drive["max_force"]
                                                     : drive.value("max_torque", json()));
  const json limits = joint.value("limits", json::object());
  lower_->setValues(limits.value("lower", json()));
  upper_->setValues(limits.value("upper", json()));
  stop_stiffness_->setValues(limits.value("stiffness", json()));
  stop_damping_->setValues(limits.value("damping", json()));
  const json friction = joint.value("friction", json::object());
  friction_coefficient_->setValues(friction.value("coefficient", json()));
  pin_radius_->setValues(friction.value("pin_radius", json()));
  stick_speed_->setValues(friction.value("stick_speed", json()));
  updateEnabled();
}

bool JointDriveFields::read(json& joint, const QString& joint_type, QString& error) const {
  if (!takesFriction(joint_type))
    joint.erase("friction");
  else if (!readFriction(joint, error))
    return false;
  if (!takesDrive(joint_type)) {
    joint.erase("drive");
    joint.erase("limits");
    return true;
  }
  const QString type = type_->currentText();
  if (type == "none") {
    joint.erase("drive");
  } else {
    json drive = {{"type", type.toStdString()}};
    bool ok = true;
    if (type == "speed") {
      ok = readRequired(speed_, drive, "speed", "drive.speed", error);
    } else if (type == "ramp") {
      ok = readRequired(speed_, drive, "speed", "drive.speed", error) &&
           readRequired(ramp_time_, drive, "ramp_time", "drive.ramp_time", error);
    } else if (type == "table") {
      json table;
      ok = parseDriveTable(table_->text(), table, error);
      drive["table"] = table;
    } else {  // motor: every number optional (JointMotorLaw's defaults), the reader checks gains
      ok = readOptional(position_, drive, "position", error) &&
           readOptional(speed_, drive, "speed", error) &&
           readOptional(stiffness_, drive, "stiffness", error) &&
           readOptional(damping_, drive, "damping", error) &&
           readOptional(max_effort_, drive, maxEffortKey(joint_type), error);
    }
    if (!ok) return false;
    joint["drive"] = drive;
  }
  json limits = json::object();
  if (!readOptional(lower_, limits, "lower", error) ||
      !readOptional(upper_, limits, "upper", error))
    return false;
  if (limits.empty()) {
    joint.erase("limits");
    return true;
  }
  if (!readRequired(stop_stiffness_, limits, "stiffness", "limits.stiffness", error) ||
      !readOptional(stop_damping_, limits, "damping", error))
    return false;
  joint["limits"] = limits;
  return true;
}

// Friction with its coefficient and the pin's radius (both required once either is typed), the
// stick speed optional (JointFrictionLaw's default); none when all three are empty.
bool JointDriveFields::readFriction(json& joint, QString& error) const {
  json friction = json::object();
  if (!readOptional(friction_coefficient_, friction, "coefficient", error) ||
      !readOptional(pin_radius_, friction, "pin_radius", error) ||
      !readOptional(stick_speed_, friction, "stick_speed", error))
    return false;
  if (friction.empty()) {
    joint.erase("friction");
    return true;
  }
  for (const char* key : {"coefficient", "pin_radius"}) {
    if (!friction.contains(key)) {
      error = QStringLiteral("friction.%1: required").arg(key);
      return false;
    }
  }
  joint["friction"] = friction;
  return true;
}

void JointDriveFields::setJointType(const QString& joint_type) {
  has_drive_ = takesDrive(joint_type);
  has_friction_ = takesFriction(joint_type);
  const bool prismatic = joint_type == "prismatic";
  max_effort_label_->setText(prismatic ? "Max force (N)" : "Max torque (N·m)");
  updateEnabled();
}

// Only the numbers the chosen drive type reads are editable.
void JointDriveFields::updateEnabled() {
  const QString type = type_->currentText();
  type_->setEnabled(has_drive_);
  speed_->setEnabled(has_drive_ && (type == "speed" || type == "ramp" || type == "motor"));
  ramp_time_->setEnabled(has_drive_ && type == "ramp");
  table_->setEnabled(has_drive_ && type == "table");
  for (NumberFields* motor : {position_, stiffness_, damping_, max_effort_})
    motor->setEnabled(has_drive_ && type == "motor");
  for (NumberFields* stop : {lower_, upper_, stop_stiffness_, stop_damping_})
    stop->setEnabled(has_drive_);
  for (NumberFields* friction : {friction_coefficient_, pin_radius_, stick_speed_})
    friction->setEnabled(has_friction_);
}

}  // namespace contactsim::gui
