// The properties form of one scene body: fixed/free, material, mesh units and scale, initial pose
// and velocities. "Apply" writes the body's JSON (the scene document) and the window resets the
// run.
#pragma once

#include <QWidget>
#include <array>
#include <nlohmann/json.hpp>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace contactsim::gui {

class BodyForm : public QWidget {
  Q_OBJECT

 public:
  explicit BodyForm(QWidget* parent = nullptr);

  // `body` is the scene file's body object, `materials` the names available; null: none selected.
  void showBody(const nlohmann::json* body, const QStringList& materials);
  // The edited body object (only meaningful while a body is shown).
  nlohmann::json editedBody() const;

 signals:
  void applied(const nlohmann::json& body);

 private:
  QLabel* name_;
  QCheckBox* fixed_;
  QComboBox* material_;
  QComboBox* units_;
  QDoubleSpinBox* scale_;
  std::array<QDoubleSpinBox*, 3> position_, velocity_, angular_velocity_;
  std::array<QDoubleSpinBox*, 4> orientation_;
  QPushButton* apply_;
  nlohmann::json body_;
};

}  // namespace contactsim::gui
