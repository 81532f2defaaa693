// The editor of one contact law (docs/scene-format.md, "Contact laws"): normal model and its
// parameters, friction model and its parameters; an empty value takes the law's default, shown
// beside it from the law table (core/scene/law_parameters.h). One widget for the scene's default
// law and for per-pair overrides, so both edit exactly the same fields.
#pragma once

#include <QWidget>
#include <nlohmann/json.hpp>

class QComboBox;
class QTableWidget;

namespace contactsim::gui {

class LawEditor : public QWidget {
  Q_OBJECT

 public:
  explicit LawEditor(QWidget* parent = nullptr);

  // Shows `law` (a law object; anything else shows the law of a scene without one,
  // kUnnamedLawModel, with its defaults).
  void setLaw(const nlohmann::json& law);
  // The edited law. False, with `error` naming the parameter ("friction.static: expected a
  // finite number ≥ 0, got '-1'"), when a value is not a non-negative finite number.
  bool read(nlohmann::json& law, QString& error) const;

 private:
  void onModelChanged();
  void onFrictionChanged();

  QComboBox* model_;
  QTableWidget* parameters_;
  QComboBox* friction_;
  QTableWidget* friction_parameters_;
  nlohmann::json law_;  // as shown last: the values a model change brings back
};

}  // namespace contactsim::gui
