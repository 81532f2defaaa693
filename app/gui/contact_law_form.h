// The form of the scene's default contact law (`contact.law`), edited with the shared
// LawEditor. Per-pair overrides are edited in the scene editor (PairLawForm); this form only
// says how many there are.
#pragma once

#include <QWidget>
#include <nlohmann/json.hpp>

class QLabel;
class QPushButton;

namespace contactsim::gui {

class LawEditor;

class ContactLawForm : public QWidget {
  Q_OBJECT

 public:
  explicit ContactLawForm(QWidget* parent = nullptr);

  // `contact` is the scene's "contact" object (null: the scene has none).
  void showContact(const nlohmann::json* contact);
  LawEditor& editor() const { return *editor_; }

 signals:
  // Emitted by "Apply" with the edited law; a value that is not a number shows an error instead.
  void applied(const nlohmann::json& law);

 private:
  LawEditor* editor_;
  QLabel* overrides_;
  QLabel* error_;
  QPushButton* apply_;
};

}  // namespace contactsim::gui
