// The scene's joints (docs/scene-format.md, `joints[]`): name, type (revolute, spherical, fixed,
// prismatic), the two bodies (either may be the world), the point and, for revolute and
// prismatic joints, the axis, in world coordinates at t = 0, and the drive and limits
// (JointDriveFields).
#pragma once

#include <array>

#include "scene_item_form.h"

class QComboBox;
class QLineEdit;

namespace contactsim::gui {

class JointDriveFields;
class NumberFields;

class JointForm : public SceneItemForm {
  Q_OBJECT

 public:
  JointForm(SceneDocument& document, SceneCommit commit, QWidget* parent = nullptr);

 protected:
  void showItem(const nlohmann::json& joint) override;
  bool readItem(nlohmann::json& joint, QString& error) const override;
  nlohmann::json defaultItem() const override;
  QString describe(const nlohmann::json& joint) const override;
  std::size_t addTo(SceneDocument& document, nlohmann::json joint) const override;
  void replaceIn(SceneDocument& document, std::size_t index, nlohmann::json joint) const override;
  void removeFrom(SceneDocument& document, std::size_t index) const override;

 private:
  void onTypeChanged();

  QLineEdit* name_;
  QComboBox* type_;
  QComboBox* body_a_;
  QComboBox* body_b_;
  NumberFields* point_;
  NumberFields* axis_;
  JointDriveFields* drive_;
};

}  // namespace contactsim::gui
