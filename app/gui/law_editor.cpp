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

// The models and their parameters as the scene reader accepts them (its table, not a copy).
QStringList modelsOf(const LawModels& table) {
  QStringList names;
  for (const auto& [model, parameters] : table) names << QString::fromStdString(model);
  return names;
}

const std::vector<LawParameter>& parametersOf(const LawModels& table, const QString& model) {
  static const std::vector<LawParameter> none;
  const auto it = table.find(model.toStdString());
  return it == table.end() ? none : it->second;
}

QTableWidget* parameterTable(QWidget* parent, const QString& name) {
  auto* table = new QTableWidget(0, 3, parent);
  table->setObjectName(name);
  table->setHorizontalHeaderLabels({"parameter", "value (empty: default)", "default"});
  table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
  table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  table->verticalHeader()->hide();
  return table;
}

// What an empty cell means, from the law table: the number with its unit, "required", or what
// the law derives it from.
QString defaultText(const LawParameter& p) {
  switch (p.fallback.kind) {
    case ParameterDefault::Kind::Number:
      return std::string(p.unit) == "–"
                 ? numberText(p.fallback.value)
                 : QStringLiteral("%1 %2").arg(numberText(p.fallback.value), p.unit);
    case ParameterDefault::Kind::Required:
      return QStringLiteral("required");
    case ParameterDefault::Kind::Derived:
      return QString::fromUtf8(p.fallback.derived_from);
  }
  return {};
}

QTableWidgetItem* readOnlyItem(const QString& text, const QString& tip) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsEnabled);
  item->setToolTip(tip);
  return item;
}

void fillTable(QTableWidget* table, const std::vector<LawParameter>& parameters,
               const json& values) {
  table->setRowCount(static_cast<int>(parameters.size()));
  for (int r = 0; r < table->rowCount(); ++r) {
    const LawParameter& p = parameters[r];
    const QString tip = QStringLiteral("%1 (%2)").arg(QString::fromUtf8(p.meaning), p.unit);
    table->setItem(r, 0, readOnlyItem(QString::fromStdString(p.name), tip));
    const QString value =
        values.is_object() && values.contains(p.name) && values[p.name].is_number()
            ? numberText(values[p.name].get<double>())
            : QString();
    table->setItem(r, 1, new QTableWidgetItem(value));
    table->setItem(r, 2, readOnlyItem(defaultText(p), tip));
  }
}

// The cells of `table`, filled by fillTable from `parameters` (same rows), into `into`; empty cells
// are left out. A value outside its parameter's range is refused as the scene reader would refuse
// it, so a law the editor accepts also builds.
bool readTable(const QTableWidget* table, const std::vector<LawParameter>& parameters,
               const QString& prefix, json& into, QString& error) {
  for (int r = 0; r < table->rowCount(); ++r) {
    const LawParameter& p = parameters.at(static_cast<std::size_t>(r));
    const QString key = QString::fromStdString(p.name);
    const QString text = table->item(r, 1) ? table->item(r, 1)->text().trimmed() : QString();
    if (text.isEmpty()) {
      into.erase(p.name);
      continue;
    }
    bool ok = false;
    const double value = text.toDouble(&ok);
    const std::string why =
        ok && std::isfinite(value) ? outOfRange(p.range, value) : "expected a finite number";
    if (!why.empty()) {
      error =
          QStringLiteral("%1%2: %3, got '%4'").arg(prefix, key, QString::fromStdString(why), text);
      return false;
    }
    into[p.name] = value;
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
  law_ = law.is_object() ? law : json{{"model", kUnnamedLawModel}};
  {
    const QSignalBlocker a(model_), b(friction_);
    model_->setCurrentText(QString::fromStdString(law_.value("model", kUnnamedLawModel)));
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
  if (!readTable(parameters_, parametersOf(normalLawParameters(), model_->currentText()), "",
                 edited, error))
    return false;
  // A law that named its friction keeps naming it, even as "none".
  if (friction_->currentText() != "none" || law_.contains("friction")) {
    json friction = {{"model", friction_->currentText().toStdString()}};
    if (!readTable(friction_parameters_,
                   parametersOf(frictionParameters(), friction_->currentText()), "friction.",
                   friction, error))
      return false;
    edited["friction"] = friction;
  }
  law = std::move(edited);
  return true;
}

}  // namespace contactsim::gui
