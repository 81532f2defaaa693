#include "contact_law_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>

namespace contactsim::gui {

using nlohmann::json;

namespace {

// Parameters per model, as scene-format.md lists them.
QStringList normalParameters(const QString& model) {
  if (model == "hunt-crossley") return {"stiffness", "exponent", "restitution"};
  if (model == "modia3d") {
    return {"restitution", "sliding_friction",      "rolling_resistance", "v_small",
            "w_small",     "contact_sphere_radius", "reduction_factor",   "max_damping"};
  }
  return {"contact_radius", "dissipation"};
}

QStringList frictionParameters(const QString& model) {
  if (model == "stick-slip") return {"static", "dynamic", "stick_velocity", "viscous"};
  if (model == "stribeck") return {"static", "dynamic", "stiction_tolerance"};
  if (model == "coulomb") return {"static", "dynamic", "v_small"};
  return {};
}

QTableWidget* parameterTable(QWidget* parent) {
  auto* table = new QTableWidget(0, 2, parent);
  table->setHorizontalHeaderLabels({"parameter", "value (empty: default)"});
  table->horizontalHeader()->setStretchLastSection(true);
  table->verticalHeader()->hide();
  return table;
}

void readTable(const QTableWidget* table, json& into) {
  for (int r = 0; r < table->rowCount(); ++r) {
    const std::string key = table->item(r, 0)->text().toStdString();
    const QString text = table->item(r, 1) ? table->item(r, 1)->text().trimmed() : QString();
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (ok) {
      into[key] = value;
    } else {
      into.erase(key);
    }
  }
}

}  // namespace

ContactLawForm::ContactLawForm(QWidget* parent)
    : QWidget(parent),
      model_(new QComboBox(this)),
      parameters_(parameterTable(this)),
      friction_(new QComboBox(this)),
      friction_parameters_(parameterTable(this)),
      overrides_(new QLabel(this)),
      apply_(new QPushButton("Apply and reset", this)) {
  model_->setObjectName("law_model");
  model_->addItems({"hunt-crossley", "modia3d", "hertz-stribeck"});
  friction_->addItems({"none", "stick-slip", "stribeck", "coulomb"});
  overrides_->setWordWrap(true);
  auto* form = new QFormLayout(this);
  form->setContentsMargins(4, 4, 4, 4);
  form->addRow("Normal law", model_);
  form->addRow(parameters_);
  form->addRow("Friction", friction_);
  form->addRow(friction_parameters_);
  form->addRow(overrides_);
  form->addRow("", apply_);
  apply_->setObjectName("apply_law");
  connect(model_, &QComboBox::currentTextChanged, this, &ContactLawForm::onModelChanged);
  connect(friction_, &QComboBox::currentTextChanged, this, &ContactLawForm::onFrictionChanged);
  connect(apply_, &QPushButton::clicked, this, [this] { emit applied(editedLaw()); });
  showContact(nullptr);
}

void ContactLawForm::fillParameters(QTableWidget* table, const QStringList& names,
                                    const json& values) {
  table->setRowCount(static_cast<int>(names.size()));
  for (int r = 0; r < names.size(); ++r) {
    auto* name = new QTableWidgetItem(names[r]);
    name->setFlags(Qt::ItemIsEnabled);
    table->setItem(r, 0, name);
    const std::string key = names[r].toStdString();
    const QString value = values.contains(key) && values[key].is_number()
                              ? QString::number(values[key].get<double>(), 'g', 10)
                              : QString();
    table->setItem(r, 1, new QTableWidgetItem(value));
  }
}

void ContactLawForm::showContact(const json* contact) {
  law_ = contact && contact->contains("law") ? (*contact)["law"] : json{{"model", "hunt-crossley"}};
  {
    const QSignalBlocker a(model_), b(friction_);
    model_->setCurrentText(QString::fromStdString(law_.value("model", "hunt-crossley")));
    const json friction = law_.value("friction", json{{"model", "none"}});
    friction_->setCurrentText(QString::fromStdString(friction.value("model", "none")));
  }
  onModelChanged();
  onFrictionChanged();
  const std::size_t overrides =
      contact && contact->contains("overrides") ? (*contact)["overrides"].size() : 0;
  overrides_->setText(overrides == 0 ? QString("Applies to every contact pair.")
                                     : QStringLiteral("Default law; %1 per-pair override(s) in the "
                                                      "scene file are kept as written.")
                                           .arg(overrides));
}

void ContactLawForm::onModelChanged() {
  fillParameters(parameters_, normalParameters(model_->currentText()), law_);
}

void ContactLawForm::onFrictionChanged() {
  fillParameters(friction_parameters_, frictionParameters(friction_->currentText()),
                 law_.value("friction", json::object()));
}

json ContactLawForm::editedLaw() const {
  json law = json::object();
  law["model"] = model_->currentText().toStdString();
  readTable(parameters_, law);
  if (friction_->currentText() != "none" || law_.contains("friction")) {
    json friction = {{"model", friction_->currentText().toStdString()}};
    readTable(friction_parameters_, friction);
    law["friction"] = friction;
  }
  return law;
}

}  // namespace contactsim::gui
