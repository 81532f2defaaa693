#include "body_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace contactsim::gui {

using nlohmann::json;

namespace {

QDoubleSpinBox* spin(QWidget* parent, int decimals = 4) {
  auto* box = new QDoubleSpinBox(parent);
  box->setRange(-1e6, 1e6);
  box->setDecimals(decimals);
  box->setSingleStep(0.01);
  // Compact: four of them share a row of a narrow dock.
  box->setButtonSymbols(QAbstractSpinBox::NoButtons);
  box->setMinimumWidth(30);
  return box;
}

template <std::size_t N>
QWidget* row(QWidget* parent, std::array<QDoubleSpinBox*, N>& boxes, int decimals = 4) {
  auto* widget = new QWidget(parent);
  auto* layout = new QHBoxLayout(widget);
  layout->setContentsMargins(0, 0, 0, 0);
  for (auto*& box : boxes) {
    box = spin(widget, decimals);
    layout->addWidget(box);
  }
  return widget;
}

template <std::size_t N>
void setValues(std::array<QDoubleSpinBox*, N>& boxes, const json& body, const char* key,
               std::array<double, N> fallback) {
  for (std::size_t i = 0; i < N; ++i) {
    const bool given = body.contains(key) && body[key].is_array() && body[key].size() == N;
    boxes[i]->setValue(given ? body[key][i].get<double>() : fallback[i]);
  }
}

template <std::size_t N>
json values(const std::array<QDoubleSpinBox*, N>& boxes) {
  json array = json::array();
  for (auto* box : boxes) array.push_back(box->value());
  return array;
}

}  // namespace

BodyForm::BodyForm(QWidget* parent)
    : QWidget(parent),
      name_(new QLabel(this)),
      fixed_(new QCheckBox("fixed (never moves)", this)),
      material_(new QComboBox(this)),
      units_(new QComboBox(this)),
      scale_(spin(this, 6)),
      apply_(new QPushButton("Apply and reset", this)) {
  units_->addItems({"m", "cm", "mm", "in"});
  scale_->setRange(1e-6, 1e6);
  auto* form = new QFormLayout(this);
  form->setContentsMargins(4, 4, 4, 4);
  form->addRow("Body", name_);
  form->addRow("", fixed_);
  form->addRow("Material", material_);
  form->addRow("Mesh units", units_);
  form->addRow("Mesh scale", scale_);
  form->addRow("Position (m)", row(this, position_));
  form->addRow("Orientation (w,x,y,z)", row(this, orientation_));
  form->addRow("Velocity (m/s)", row(this, velocity_));
  form->addRow("Ang. velocity (rad/s)", row(this, angular_velocity_));
  form->addRow("", apply_);
  apply_->setObjectName("apply_body");
  connect(apply_, &QPushButton::clicked, this, [this] { emit applied(editedBody()); });
  showBody(nullptr, {});
}

void BodyForm::showBody(const json* body, const QStringList& materials) {
  setEnabled(body != nullptr);
  body_ = body ? *body : json::object();
  name_->setText(body ? QString::fromStdString(body_.value("name", "")) : "(no body selected)");
  fixed_->setChecked(body_.value("fixed", false));
  material_->clear();
  material_->addItem("(none)", QString());
  for (const QString& m : materials) material_->addItem(m, m);
  const int m = material_->findData(QString::fromStdString(body_.value("material", "")));
  material_->setCurrentIndex(m >= 0 ? m : 0);
  const bool has_mesh = body_.contains("mesh");
  units_->setEnabled(has_mesh);
  scale_->setEnabled(has_mesh);
  const json mesh = has_mesh ? body_["mesh"] : json::object();
  units_->setCurrentText(QString::fromStdString(mesh.value("units", "m")));
  scale_->setValue(mesh.value("scale", 1.0));
  setValues(position_, body_, "position", {0, 0, 0});
  setValues(orientation_, body_, "orientation", {1, 0, 0, 0});
  setValues(velocity_, body_, "linear_velocity", {0, 0, 0});
  setValues(angular_velocity_, body_, "angular_velocity", {0, 0, 0});
}

json BodyForm::editedBody() const {
  json body = body_;
  if (fixed_->isChecked()) {
    body["fixed"] = true;
  } else {
    body.erase("fixed");
  }
  const QString material = material_->currentData().toString();
  if (material.isEmpty()) {
    body.erase("material");
  } else {
    body["material"] = material.toStdString();
  }
  if (body.contains("mesh")) {
    body["mesh"]["units"] = units_->currentText().toStdString();
    body["mesh"]["scale"] = scale_->value();
  }
  body["position"] = values(position_);
  body["orientation"] = values(orientation_);
  body["linear_velocity"] = values(velocity_);
  body["angular_velocity"] = values(angular_velocity_);
  return body;
}

}  // namespace contactsim::gui
