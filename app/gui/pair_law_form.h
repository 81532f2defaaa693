// The contact law of one body pair (`contact.overrides`): pick the pair, see whether it has its
// own law or uses the default, edit its law with the same LawEditor as the default law, set it
// or go back to the default. Changes go through the window's commit (see SceneCommit).
#pragma once

#include <QWidget>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scene_document.h"

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;

namespace contactsim::gui {

class LawEditor;

class PairLawForm : public QWidget {
  Q_OBJECT

 public:
  PairLawForm(SceneDocument& document, SceneCommit commit, QWidget* parent = nullptr);

  // Re-reads the document; while its contact section and bodies are unchanged, the fields keep
  // what the user typed.
  void refresh();
  // Chooses the pair and shows its law (its own, or the default one to start from).
  void selectPair(const std::string& a, const std::string& b);
  LawEditor& editor() const { return *editor_; }
  QString errorText() const;

  // The buttons: give the chosen pair the edited law; let it use the default law again. They
  // return whether the scene was changed.
  bool apply();
  bool removeOverride();

 private:
  void fillOverrides();
  void showPair();
  void setError(const QString& error);

  SceneDocument& document_;
  SceneCommit commit_;
  QListWidget* overrides_;
  QComboBox* body_a_;
  QComboBox* body_b_;
  QLabel* status_;
  LawEditor* editor_;
  QPushButton* apply_;
  QPushButton* remove_;
  QLabel* error_;
  nlohmann::json shown_state_;  // contact section and bodies at the last refresh
  bool refreshed_ = false;
};

}  // namespace contactsim::gui
