// The form of the scene's default contact law (`contact.law`): normal model and its parameters,
// friction model and its parameters. Empty values take the law's documented defaults. Per-pair
// overrides are kept as written in the file (shown, not edited here).
#pragma once

#include <QWidget>
#include <nlohmann/json.hpp>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace contactsim::gui {

class ContactLawForm : public QWidget {
  Q_OBJECT

 public:
  explicit ContactLawForm(QWidget* parent = nullptr);

  // `contact` is the scene's "contact" object (null: the scene has none).
  void showContact(const nlohmann::json* contact);
  nlohmann::json editedLaw() const;

 signals:
  void applied(const nlohmann::json& law);

 private:
  void fillParameters(QTableWidget* table, const QStringList& names, const nlohmann::json& values);
  void onModelChanged();
  void onFrictionChanged();

  QComboBox* model_;
  QTableWidget* parameters_;
  QComboBox* friction_;
  QTableWidget* friction_parameters_;
  QLabel* overrides_;
  QPushButton* apply_;
  nlohmann::json law_;
};

}  // namespace contactsim::gui
