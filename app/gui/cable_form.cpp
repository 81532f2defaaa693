#include "cable_form.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include "body_choice.h"
#include "chain_fields.h"
#include "number_fields.h"

namespace contactsim::gui {

using nlohmann::json;

namespace {

const char* kIdeal = "ideal";
const char* kChain = "chain";
const char* kRamp = "ramp";
const char* kTable = "table (as written)";

bool hasTable(const json& cable) {
  return cable.contains("length") && cable["length"].is_object() &&
         cable["length"].contains("table");
}

}  // namespace

CableForm::CableForm(SceneDocument& document, SceneCommit commit, QWidget* parent)
    : SceneItemForm(document, std::move(commit), "cables", "cable", parent),
      name_(new QLineEdit(this)),
      body_a_(new QComboBox(this)),
      point_a_(new NumberFields("point_a", 3, this)),
      body_b_(new QComboBox(this)),
      point_b_(new NumberFields("point_b", 3, this)),
      kind_(new QComboBox(this)),
      length_kind_(new QComboBox(this)),
      initial_(new NumberFields("length.initial", 1, this)),
      rate_(new NumberFields("length.rate", 1, this)),
      ramp_time_(new NumberFields("length.ramp_time", 1, this)),
      table_(new QLabel(this)),
      chain_(new ChainFields(this)) {
  name_->setObjectName("cable_name");
  name_->setPlaceholderText("(a unique name is given)");
  body_a_->setObjectName("cable_body_a");
  point_a_->setObjectName("cable_point_a");
  body_b_->setObjectName("cable_body_b");
  point_b_->setObjectName("cable_point_b");
  kind_->setObjectName("cable_kind");
  kind_->addItems({kIdeal, kChain});
  length_kind_->setObjectName("cable_length_kind");
  initial_->setObjectName("cable_initial");
  initial_->entry(0)->setPlaceholderText("initial distance");
  rate_->setObjectName("cable_rate");
  rate_->entry(0)->setPlaceholderText("0");
  ramp_time_->setObjectName("cable_ramp_time");
  ramp_time_->entry(0)->setPlaceholderText("0");
  table_->setObjectName("cable_table");
  table_->setWordWrap(true);
  table_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  fields()->addRow("Name", name_);
  fields()->addRow("Body A", body_a_);
  fields()->addRow("Point A (m, world)", point_a_);
  fields()->addRow("Body B", body_b_);
  fields()->addRow("Point B (m, world)", point_b_);
  fields()->addRow("Kind", kind_);
  fields()->addRow("Length", length_kind_);
  fields()->addRow("Initial length (m)", initial_);
  fields()->addRow("Rate (m/s)", rate_);
  fields()->addRow("Ramp time (s)", ramp_time_);
  fields()->addRow("Table [t, L]", table_);
  fields()->addRow(chain_);
  connect(kind_, &QComboBox::currentTextChanged, this, &CableForm::onKindChanged);
  connect(length_kind_, &QComboBox::currentTextChanged, this, &CableForm::onKindChanged);
  refresh();
}

bool CableForm::isChain() const { return kind_->currentText() == kChain; }

// An ideal cable's length fields or a chain's fields, never both.
void CableForm::onKindChanged() {
  const bool chain = isChain();
  const bool ramp = !chain && length_kind_->currentText() == kRamp;
  length_kind_->setEnabled(!chain);
  for (NumberFields* field : {initial_, rate_, ramp_time_}) field->setEnabled(ramp);
  table_->setEnabled(!chain && !ramp);
  chain_->setVisible(chain);
}

void CableForm::showItem(const json& cable) {
  name_->setText(QString::fromStdString(text(cable, "name")));
  showBodyChoice(body_a_, bodies(), true, text(cable, "body_a", "world"));
  showBodyChoice(body_b_, bodies(), true, text(cable, "body_b"));
  point_a_->setValues(cable.value("point_a", json()), {0, 0, 0});
  point_b_->setValues(cable.value("point_b", json()), {0, 0, 0});
  {
    const QSignalBlocker blocker(kind_);
    kind_->setCurrentText(text(cable, "kind", kIdeal) == kChain ? kChain : kIdeal);
  }
  chain_->show(cable);
  const json length =
      cable.contains("length") && cable["length"].is_object() ? cable["length"] : json::object();
  {
    const QSignalBlocker blocker(length_kind_);
    length_kind_->clear();
    length_kind_->addItem(kRamp);
    // A table can be kept or replaced by a ramp, not edited here.
    if (hasTable(cable)) length_kind_->addItem(kTable);
    length_kind_->setCurrentText(hasTable(cable) ? kTable : kRamp);
  }
  initial_->setValues(length.value("initial", json()));
  rate_->setValues(length.value("rate", json()));
  ramp_time_->setValues(length.value("ramp_time", json()));
  table_->setText(hasTable(cable) ? QString::fromStdString(length["table"].dump()) : "–");
  onKindChanged();
}

bool CableForm::readItem(json& cable, QString& error) const {
  const std::string name = name_->text().trimmed().toStdString();
  if (name.empty()) {
    cable.erase("name");
  } else {
    cable["name"] = name;
  }
  cable["body_a"] = chosenBody(body_a_);
  cable["body_b"] = chosenBody(body_b_);
  if (cable["body_a"] == cable["body_b"]) {
    error = "body_b: expected a body other than body_a";
    return false;
  }
  json point_a, point_b;
  if (!point_a_->read(point_a, error) || !point_b_->read(point_b, error)) return false;
  cable["point_a"] = point_a;
  cable["point_b"] = point_b;
  if (isChain()) {
    // A chain's length is paid out by its windlass: no "length" (the reader refuses one).
    cable["kind"] = kChain;
    cable.erase("length");
    return chain_->read(cable, error);
  }
  if (text(cable, "kind") == kChain) cable.erase("kind");
  chain_->erase(cable);
  if (length_kind_->currentText() == kTable) return true;  // the table as written

  json initial, rate, ramp_time;
  if (!initial_->read(initial, error, true) || !rate_->read(rate, error, true) ||
      !ramp_time_->read(ramp_time, error, true)) {
    return false;
  }
  if (initial.is_number() && !(initial.get<double>() > 0.0)) {
    error = "length.initial: expected a positive length (or empty: the initial distance)";
    return false;
  }
  if (ramp_time.is_number() && ramp_time.get<double>() < 0.0) {
    error = "length.ramp_time: expected a time ≥ 0";
    return false;
  }
  json length = json::object();
  if (initial.is_number()) length["initial"] = initial;
  if (rate.is_number()) length["rate"] = rate;
  if (ramp_time.is_number()) length["ramp_time"] = ramp_time;
  // No length at all: the cable keeps its initial distance (the reader's default).
  if (length.empty()) {
    cable.erase("length");
  } else {
    cable["length"] = length;
  }
  return true;
}

json CableForm::defaultItem() const {
  // The first body hung from the world one metre above its origin: a starting point to edit.
  const std::string body = bodies().empty() ? "" : bodies().front();
  json point_b = {0.0, 0.0, 0.0};
  for (const json& b : document().json().value("bodies", json::array())) {
    if (text(b, "name") == body && b.contains("position")) point_b = b["position"];
  }
  json point_a = point_b;
  if (point_a.is_array() && point_a.size() == 3 && point_a[2].is_number())
    point_a[2] = point_a[2].get<double>() + 1.0;
  return {{"name", document().unusedName("cables", "cable")},
          {"body_a", "world"},
          {"point_a", point_a},
          {"body_b", body},
          {"point_b", point_b}};
}

QString CableForm::describe(const json& cable) const {
  return QStringLiteral("%1: %2 – %3")
      .arg(QString::fromStdString(text(cable, "name", "(unnamed)")),
           QString::fromStdString(text(cable, "body_a", "?")),
           QString::fromStdString(text(cable, "body_b", "?")));
}

std::size_t CableForm::addTo(SceneDocument& document, json cable) const {
  return document.addCable(std::move(cable));
}

void CableForm::replaceIn(SceneDocument& document, std::size_t index, json cable) const {
  document.replaceCable(index, std::move(cable));
}

void CableForm::removeFrom(SceneDocument& document, std::size_t index) const {
  document.removeCable(index);
}

}  // namespace contactsim::gui
