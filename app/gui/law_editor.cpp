#include "law_editor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QTableWidget>
#include <cmath>

#include "number_fields.h"
#include "scene/scene_reader.h"

namespace contactsim::gui {

using nlohmann::json;

namespace {

using ModelTable = std::map<std::string, std::set<std::string>>;

// The models and their parameters as the scene reader accepts them (its tables, not a copy).
QStringList modelsOf(const ModelTable& table) {
  QStringList names;
  for (const auto& [model, parameters] : table) names << QString::fromStdString(model);
  return names;
}

QStringList parametersOf(const ModelTable& table, const QString& model) {
  QStringList names;
  const auto it = table.find(model.toStdString());
  if (it != table.end()) {
    for (const std::string& name : it->second) names << QString::fromStdString(name);
  }
  return names;
}

QTableWidget* parameterTable(QWidget* parent, const QString& name) {
  auto* table = new QTableWidget(0, 2, parent);
  table->setObjectName(name);
  table->setHorizontalHeaderLabels({"parameter", "value (empty: default)"});
  table->horizontalHeader()->setStretchLastSection(true);
  table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table->verticalHeader()->hide();
  return table;
}

void fillTable(QTableWidget* table, const QStringList& names, const json& values) {
  table->setRowCount(static_cast<int>(names.size()));
  for (int r = 0; r < names.size(); ++r) {
    auto* name = new QTableWidgetItem(names[r]);
    name->setFlags(Qt::ItemIsEnabled);
    table->setItem(r, 0, name);
    const std::string key = names[r].toStdString();
    const QString value = values.is_object() && values.contains(key) && values[key].is_number()
                              ? numberText(values[key].get<double>())
                              : QString();
    table->setItem(r, 1, new QTableWidgetItem(value));
  }
}

// Every law parameter is a non-negative number (the reader's rule); empty cells are left out.
bool readTable(const QTableWidget* table, const QString& prefix, json& into, QString& error) {
  for (int r = 0; r < table->rowCount(); ++r) {
    const QString key = table->item(r, 0)->text();
    const QString text = table->item(r, 1) ? table->item(r, 1)->text().trimmed() : QString();
    if (text.isEmpty()) {
      into.erase(key.toStdString());
      continue;
    }
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value) || value < 0.0) {
      error = QStringLiteral("%1%2: expected a finite number ≥ 0, got '%3'").arg(prefix, key, text);
      return false;
    }
    into[key.toStdString()] = value;
  }
  return true;
}

}  // namespace

LawEditor::LawEditor(QWidget* parent)
    : QWidget(parent),
      model_(new QComboBox(this)),
      parameters_(parameterTable(this, "law_parameters")),
      friction_(new QComboBox(this)),
      friction_parameters_(parameterTable(this, "friction_parameters")) {
  model_->setObjectName("law_model");
  model_->addItems(modelsOf(normalLawParameters()));
  friction_->setObjectName("law_friction");
  friction_->addItems(modelsOf(frictionParameters()));
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow("Normal law", model_);
  form->addRow(parameters_);
  form->addRow("Friction", friction_);
  form->addRow(friction_parameters_);
  connect(model_, &QComboBox::currentTextChanged, this, &LawEditor::onModelChanged);
  connect(friction_, &QComboBox::currentTextChanged, this, &LawEditor::onFrictionChanged);
  setLaw(json());
}

void LawEditor::setLaw(const json& law) {
  law_ = law.is_object() ? law : json{{"model", "hunt-crossley"}};
  {
    const QSignalBlocker a(model_), b(friction_);
    model_->setCurrentText(QString::fromStdString(law_.value("model", "hunt-crossley")));
    const json friction = law_.value("friction", json{{"model", "none"}});
    friction_->setCurrentText(QString::fromStdString(friction.value("model", "none")));
  }
  onModelChanged();
  onFrictionChanged();
}

void LawEditor::onModelChanged() {
  fillTable(parameters_, parametersOf(normalLawParameters(), model_->currentText()), law_);
}

void LawEditor::onFrictionChanged() {
  fillTable(friction_parameters_, parametersOf(frictionParameters(), friction_->currentText()),
            law_.value("friction", json::object()));
}

bool LawEditor::read(json& law, QString& error) const {
  json edited = {{"model", model_->currentText().toStdString()}};
  if (!readTable(parameters_, "", edited, error)) return false;
  // A law that named its friction keeps naming it, even as "none".
  if (friction_->currentText() != "none" || law_.contains("friction")) {
    json friction = {{"model", friction_->currentText().toStdString()}};
    if (!readTable(friction_parameters_, "friction.", friction, error)) return false;
    edited["friction"] = friction;
  }
  law = std::move(edited);
  return true;
}

}  // namespace contactsim::gui
