#include "chain_fields.h"

#include <QFormLayout>
#include <QLabel>

#include "number_fields.h"

namespace contactsim::gui {

using nlohmann::json;

namespace {

// The nested objects of a chain's keys.
const char* const kWindlass = "windlass";
const char* const kGuide = "guide";

// Shows `object`'s values of `fields` (empty entries for absent keys).
template <typename Fields>
void showFields(const Fields& fields, const json& object) {
  for (const auto& f : fields)
    f.entries->setValues(object.is_object() ? object.value(f.key, json()) : json());
}

// Writes the typed values of `fields` into `object`, removing the keys left empty.
template <typename Fields>
bool readFields(const Fields& fields, json& object, QString& error) {
  for (const auto& f : fields) {
    json value;
    if (!f.entries->read(value, error, true)) return false;
    if (value.is_null()) {
      object.erase(f.key);
    } else {
      object[f.key] = value;
    }
  }
  return true;
}

}  // namespace

ChainFields::ChainFields(QWidget* parent) : QWidget(parent) {
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  chain_ = {add(form, "", "axial_stiffness", 1, "EA (N)"),
            add(form, "", "damping_ratio", 1, "Damping ratio ζ"),
            add(form, "", "damping_mass", 1, "Damping mass (kg)"),
            add(form, "", "mass_per_length", 1, "Mass per length (kg/m)"),
            add(form, "", "rest_length", 1, "Paid-out length at t = 0 (m)")};
  form->addRow(new QLabel(tr("Windlass (empty: none)"), this));
  windlass_ = {add(form, kWindlass, "speed", 1, "Speed (m/s)"),
               add(form, kWindlass, "ramp_time", 1, "Ramp time (s)"),
               add(form, kWindlass, "stop_length", 1, "Stop length (m)"),
               add(form, kWindlass, "stall_tension", 1, "Stall tension (N)"),
               add(form, kWindlass, "stall_band", 1, "Stall band (fraction)"),
               add(form, kWindlass, "housing_speed", 1, "Housing speed (m/s)"),
               add(form, kWindlass, "housing_length", 1, "Housing length (m)")};
  form->addRow(new QLabel(tr("Guide ring, world (empty: none)"), this));
  guide_ = {add(form, kGuide, "centre", 3, "Centre (m)"), add(form, kGuide, "axis", 3, "Axis"),
            add(form, kGuide, "radius", 1, "Radius (m)"),
            add(form, kGuide, "plane_normal", 3, "Opening's plane normal")};
}

ChainFields::Field ChainFields::add(QFormLayout* form, const char* group, const char* key,
                                    int count, const QString& label) {
  // Errors name the scene field ("windlass.speed"); object names, for scripts and tests, follow
  // it: "chain_axial_stiffness", "chain_windlass_speed", …
  const QString field = *group ? QString("%1.%2").arg(group, key) : QString(key);
  auto* entries = new NumberFields(field, count, this);
  entries->setObjectName(QStringLiteral("chain_") + QString(field).replace('.', '_'));
  form->addRow(label, entries);
  return {key, entries};
}

void ChainFields::show(const json& cable) {
  showFields(chain_, cable);
  showFields(windlass_, cable.value(kWindlass, json()));
  showFields(guide_, cable.value(kGuide, json()));
}

bool ChainFields::read(json& cable, QString& error) const {
  if (!readFields(chain_, cable, error)) return false;
  for (const auto& [key, fields] : {std::pair{kWindlass, &windlass_}, {kGuide, &guide_}}) {
    json part = cable.contains(key) && cable[key].is_object() ? cable[key] : json::object();
    if (!readFields(*fields, part, error)) return false;
    if (part.empty()) {
      cable.erase(key);
    } else {
      cable[key] = part;
    }
  }
  return true;
}

void ChainFields::erase(json& cable) const {
  for (const Field& f : chain_) cable.erase(f.key);
  cable.erase(kWindlass);
  cable.erase(kGuide);
}

}  // namespace contactsim::gui
