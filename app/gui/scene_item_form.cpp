#include "scene_item_form.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace contactsim::gui {

using nlohmann::json;

SceneItemForm::SceneItemForm(SceneDocument& document, SceneCommit commit, std::string section,
                             QString noun, QWidget* parent)
    : QWidget(parent),
      document_(document),
      commit_(std::move(commit)),
      section_(std::move(section)),
      noun_(std::move(noun)),
      list_(new QListWidget(this)),
      add_(new QPushButton("Add", this)),
      remove_(new QPushButton("Remove", this)),
      field_box_(new QWidget(this)),
      fields_(new QFormLayout(field_box_)),
      apply_(new QPushButton("Apply and reset", this)),
      error_(new QLabel(this)) {
  list_->setObjectName(noun_ + "_list");
  add_->setObjectName("add_" + noun_);
  remove_->setObjectName("remove_" + noun_);
  apply_->setObjectName("apply_" + noun_);
  error_->setObjectName(noun_ + "_error");
  error_->setStyleSheet("color: #c00000");
  error_->setWordWrap(true);
  fields_->setContentsMargins(0, 0, 0, 0);
  list_->setMaximumHeight(140);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(add_);
  buttons->addWidget(remove_);
  buttons->addStretch();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(list_);
  layout->addLayout(buttons);
  layout->addWidget(field_box_);
  layout->addWidget(apply_);
  layout->addWidget(error_);
  layout->addStretch();

  connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0 && row < static_cast<int>(items().size())) select(static_cast<std::size_t>(row));
  });
  connect(add_, &QPushButton::clicked, this, &SceneItemForm::newItem);
  connect(remove_, &QPushButton::clicked, this, &SceneItemForm::removeSelected);
  connect(apply_, &QPushButton::clicked, this, &SceneItemForm::apply);
}

json SceneItemForm::items() const {
  const json& root = document_.json();
  return root.contains(section_) && root[section_].is_array() ? root[section_] : json::array();
}

std::string SceneItemForm::text(const json& item, const char* key, const std::string& fallback) {
  return item.is_object() && item.contains(key) && item[key].is_string()
             ? item[key].get<std::string>()
             : fallback;
}

QString SceneItemForm::errorText() const { return error_->text(); }

void SceneItemForm::setError(const QString& error) { error_->setText(error); }

void SceneItemForm::refresh() {
  bodies_ = document_.bodyNames();
  json state = {{"items", items()}, {"bodies", bodies_}};
  if (refreshed_ && state == shown_state_) return;
  shown_state_ = std::move(state);
  refreshed_ = true;
  if (selected_ && *selected_ >= items().size()) selected_.reset();
  fillList();
  showSelected();
}

void SceneItemForm::fillList() {
  const QSignalBlocker blocker(list_);
  list_->clear();
  for (const json& item : items()) list_->addItem(describe(item));
  if (adding_) list_->addItem("(new " + noun_ + ")");
  if (adding_) {
    list_->setCurrentRow(list_->count() - 1);
  } else {
    list_->setCurrentRow(selected_ ? static_cast<int>(*selected_) : -1);
  }
}

void SceneItemForm::showSelected() {
  const bool editing = adding_ || selected_.has_value();
  shown_item_ = adding_ ? defaultItem() : selected_ ? items()[*selected_] : json::object();
  if (!shown_item_.is_object()) shown_item_ = json::object();  // the reader names what was there
  showItem(editing ? shown_item_ : defaultItem());
  field_box_->setEnabled(editing);
  apply_->setEnabled(editing);
  remove_->setEnabled(editing);
  setError({});
}

void SceneItemForm::select(std::optional<std::size_t> index) {
  if (index && *index >= items().size()) index.reset();
  adding_ = false;
  selected_ = index;
  fillList();
  showSelected();
}

void SceneItemForm::newItem() {
  adding_ = true;
  selected_.reset();
  fillList();
  showSelected();
}

bool SceneItemForm::apply() {
  if (!adding_ && !selected_) return false;
  json item = shown_item_;
  QString error;
  if (!readItem(item, error)) {
    setError(error);
    return false;
  }
  const bool adding = adding_;
  const std::optional<std::size_t> index = selected_;
  std::size_t target = index.value_or(0);
  const bool committed = commit_([&](SceneDocument& document) {
    if (adding) {
      target = addTo(document, item);
    } else {
      replaceIn(document, *index, item);
    }
  });
  if (!committed) {
    // The fields keep the user's values, to be corrected.
    setError("Not applied: the scene does not build with this " + noun_ + ".");
    return false;
  }
  adding_ = false;
  selected_ = target;
  refreshed_ = false;  // the committed values, as the document now holds them
  refresh();
  return true;
}

bool SceneItemForm::removeSelected() {
  if (adding_) {
    select(std::nullopt);
    return false;
  }
  if (!selected_) return false;
  const std::size_t index = *selected_;
  if (!commit_([&](SceneDocument& document) { removeFrom(document, index); })) {
    setError("Not removed: the scene does not build without this " + noun_ + ".");
    return false;
  }
  const std::size_t left = items().size();
  selected_ = left == 0 ? std::nullopt : std::optional<std::size_t>(std::min(index, left - 1));
  refreshed_ = false;
  refresh();
  return true;
}

}  // namespace contactsim::gui
