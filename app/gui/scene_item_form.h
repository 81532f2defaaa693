// What the joint and cable forms share: the list of one scene section's items (`joints`,
// `cables`) with Add and Remove, the fields of the selected or new item, Apply, and a one-line
// error. Subclasses show and read their fields; every change goes through the window's commit,
// so an edit that does not build is reported and undone.
#pragma once

#include <QString>
#include <QWidget>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "scene_document.h"

class QFormLayout;
class QLabel;
class QListWidget;
class QPushButton;

namespace contactsim::gui {

class SceneItemForm : public QWidget {
  Q_OBJECT

 public:
  // Re-reads the document. While the section and the bodies are unchanged (a reset, another
  // form's edit), the fields keep what the user typed.
  void refresh();
  // Selects item `index` of the section (nullopt: none) and shows it.
  void select(std::optional<std::size_t> index);
  // The item whose fields are shown: its index, nullopt for none or for a new item.
  std::optional<std::size_t> selected() const { return selected_; }
  bool addingNew() const { return adding_; }
  QString errorText() const;

  // The buttons. newItem() shows a new item's fields (added on Apply). apply() validates the
  // fields (the first wrong one is named in the error line) and commits; removeSelected()
  // commits the removal (a new, unapplied item is just dropped). They return whether the scene
  // was changed.
  void newItem();
  bool apply();
  bool removeSelected();

 protected:
  // `section` is the JSON key ("joints"), `noun` names an item in messages and object names.
  SceneItemForm(SceneDocument& document, SceneCommit commit, std::string section, QString noun,
                QWidget* parent);

  // Where subclasses add their field rows (between the list and Apply).
  QFormLayout* fields() const { return fields_; }
  const SceneDocument& document() const { return document_; }
  // The scene's bodies as of the last refresh.
  const std::vector<std::string>& bodies() const { return bodies_; }

  // item[key] when it is a string, else `fallback` (fields show any JSON without throwing).
  static std::string text(const nlohmann::json& item, const char* key,
                          const std::string& fallback = "");

  virtual void showItem(const nlohmann::json& item) = 0;
  // Writes the fields into `item` (the shown item, so keys the form does not show are kept);
  // false with a one-line error naming the field.
  virtual bool readItem(nlohmann::json& item, QString& error) const = 0;
  // A new item's starting values (unnamed items are named by the document on add).
  virtual nlohmann::json defaultItem() const = 0;
  // One line for the list ("pin: revolute, world – ball").
  virtual QString describe(const nlohmann::json& item) const = 0;
  virtual std::size_t addTo(SceneDocument& document, nlohmann::json item) const = 0;
  virtual void replaceIn(SceneDocument& document, std::size_t index, nlohmann::json item) const = 0;
  virtual void removeFrom(SceneDocument& document, std::size_t index) const = 0;

 private:
  nlohmann::json items() const;
  void fillList();
  void showSelected();
  void setError(const QString& error);

  SceneDocument& document_;
  SceneCommit commit_;
  std::string section_;
  QString noun_;
  QListWidget* list_;
  QPushButton* add_;
  QPushButton* remove_;
  QWidget* field_box_;
  QFormLayout* fields_;
  QPushButton* apply_;
  QLabel* error_;
  std::vector<std::string> bodies_;
  nlohmann::json shown_state_;  // section and bodies at the last refresh
  nlohmann::json shown_item_;
  std::optional<std::size_t> selected_;
  bool adding_ = false;
  bool refreshed_ = false;
};

}  // namespace contactsim::gui
