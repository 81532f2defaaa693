// The scene's cables (docs/scene-format.md, `cables[]`): name, the two bodies and their points
// (world coordinates at t = 0), the kind, and for an ideal cable the length: a ramp (initial
// length, rate, ramp time; an empty initial length is the points' initial distance) or a table of
// (t, L), shown read-only and kept as written; for a chain its fields (chain_fields.h).
#pragma once

#include "scene_item_form.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace contactsim::gui {

class ChainFields;
class NumberFields;

class CableForm : public SceneItemForm {
  Q_OBJECT

 public:
  CableForm(SceneDocument& document, SceneCommit commit, QWidget* parent = nullptr);

 protected:
  void showItem(const nlohmann::json& cable) override;
  bool readItem(nlohmann::json& cable, QString& error) const override;
  nlohmann::json defaultItem() const override;
  QString describe(const nlohmann::json& cable) const override;
  std::size_t addTo(SceneDocument& document, nlohmann::json cable) const override;
  void replaceIn(SceneDocument& document, std::size_t index, nlohmann::json cable) const override;
  void removeFrom(SceneDocument& document, std::size_t index) const override;

 private:
  void onKindChanged();
  bool isChain() const;

  QLineEdit* name_;
  QComboBox* body_a_;
  NumberFields* point_a_;
  QComboBox* body_b_;
  NumberFields* point_b_;
  QComboBox* kind_;         // "ideal" or "chain"
  QComboBox* length_kind_;  // "ramp", and "table (as written)" when the cable has a table
  NumberFields* initial_;
  NumberFields* rate_;
  NumberFields* ramp_time_;
  QLabel* table_;
  ChainFields* chain_;
};

}  // namespace contactsim::gui
