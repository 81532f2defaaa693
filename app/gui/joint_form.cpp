#include "joint_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <algorithm>

#include "body_choice.h"
#include "joint_drive_fields.h"
#include "number_fields.h"

namespace contactsim::gui {

using nlohmann::json;

namespace {

bool hasAxis(const QString& type) { return type == "revolute" || type == "prismatic"; }

}  // namespace

JointForm::JointForm(SceneDocument& document, SceneCommit commit, QWidget* parent)
    : SceneItemForm(document, std::move(commit), "joints", "joint", parent),
      name_(new QLineEdit(this)),
      type_(new QComboBox(this)),
      body_a_(new QComboBox(this)),
      body_b_(new QComboBox(this)),
      point_(new NumberFields("point", 3, this)),
      axis_(new NumberFields("axis", 3, this)),
      drive_(nullptr) {
  name_->setObjectName("joint_name");
  name_->setPlaceholderText("(a unique name is given)");
  type_->setObjectName("joint_type");
  type_->addItems({"revolute", "spherical", "fixed", "prismatic"});
  body_a_->setObjectName("joint_body_a");
  body_b_->setObjectName("joint_body_b");
  point_->setObjectName("joint_point");
  axis_->setObjectName("joint_axis");
  fields()->addRow("Name", name_);
  fields()->addRow("Type", type_);
  fields()->addRow("Body A", body_a_);
  fields()->addRow("Body B", body_b_);
  fields()->addRow("Point (m, world)", point_);
  fields()->addRow("Axis (world)", axis_);
  drive_ = new JointDriveFields(fields(), this);
  connect(type_, &QComboBox::currentTextChanged, this, &JointForm::onTypeChanged);
  refresh();
}

void JointForm::onTypeChanged() {
  axis_->setEnabled(hasAxis(type_->currentText()));
  drive_->setJointType(type_->currentText());
}

void JointForm::showItem(const json& joint) {
  name_->setText(QString::fromStdString(text(joint, "name", "")));
  const QString type = QString::fromStdString(text(joint, "type", "revolute"));
  type_->setCurrentIndex(std::max(0, type_->findText(type)));
  showBodyChoice(body_a_, bodies(), true, text(joint, "body_a", "world"));
  showBodyChoice(body_b_, bodies(), true, text(joint, "body_b", ""));
  point_->setValues(joint.value("point", json()), {0, 0, 0});
  // Spherical and fixed joints have no axis; one typed in is used if the type changes.
  axis_->setValues(joint.value("axis", json()), {0, 0, 1});
  drive_->show(joint);
  onTypeChanged();
}

bool JointForm::readItem(json& joint, QString& error) const {
  const std::string name = name_->text().trimmed().toStdString();
  if (name.empty()) {
    joint.erase("name");
  } else {
    joint["name"] = name;
  }
  joint["type"] = type_->currentText().toStdString();
  joint["body_a"] = chosenBody(body_a_);
  joint["body_b"] = chosenBody(body_b_);
  if (joint["body_a"] == joint["body_b"]) {
    error = "body_b: expected a body other than body_a";
    return false;
  }
  json point;
  if (!point_->read(point, error)) return false;
  joint["point"] = point;
  if (!hasAxis(type_->currentText())) {
    joint.erase("axis");
    return drive_->read(joint, type_->currentText(), error);
  }
  json axis;
  if (!axis_->read(axis, error)) return false;
  if (axis[0] == 0.0 && axis[1] == 0.0 && axis[2] == 0.0) {
    error = "axis: expected a non-zero vector";
    return false;
  }
  joint["axis"] = axis;
  return drive_->read(joint, type_->currentText(), error);
}

json JointForm::defaultItem() const {
  // A hinge of the first body to the world at the body's origin: a starting point to edit.
  const std::string body = bodies().empty() ? "" : bodies().front();
  json point = {0.0, 0.0, 0.0};
  for (const json& b : document().json().value("bodies", json::array())) {
    if (text(b, "name") == body && b.contains("position")) point = b["position"];
  }
  return {{"name", document().unusedName("joints", "joint")},
          {"type", "revolute"},
          {"body_a", "world"},
          {"body_b", body},
          {"point", point},
          {"axis", {0.0, 0.0, 1.0}}};
}

QString JointForm::describe(const json& joint) const {
  return QStringLiteral("%1: %2, %3 – %4")
      .arg(QString::fromStdString(text(joint, "name", "(unnamed)")),
           QString::fromStdString(text(joint, "type", "?")),
           QString::fromStdString(text(joint, "body_a", "?")),
           QString::fromStdString(text(joint, "body_b", "?")));
}

std::size_t JointForm::addTo(SceneDocument& document, json joint) const {
  return document.addJoint(std::move(joint));
}

void JointForm::replaceIn(SceneDocument& document, std::size_t index, json joint) const {
  document.replaceJoint(index, std::move(joint));
}

void JointForm::removeFrom(SceneDocument& document, std::size_t index) const {
  document.removeJoint(index);
}

}  // namespace contactsim::gui
