#include "chain_fields.h"

#include <QFormLayout>
#include <QLabel>

#include "number_fields.h"

namespace contactsim::gui {

using nlohmann::json;

namespace {

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
  chain_ = {{"axial_stiffness", add(form, "axial_stiffness", 1, "EA (N)")},
            {"damping_ratio", add(form, "damping_ratio", 1, "Damping ratio ζ")},
            {"damping_mass", add(form, "damping_mass", 1, "Damping mass (kg)")},
            {"mass_per_length", add(form, "mass_per_length", 1, "Mass per length (kg/m)")},
            {"rest_length", add(form, "rest_length", 1, "Paid-out length at t = 0 (m)")}};
  form->addRow(new QLabel(tr("Windlass (empty: none)"), this));
  windlass_ = {{"speed", add(form, "windlass.speed", 1, "Speed (m/s)")},
               {"ramp_time", add(form, "windlass.ramp_time", 1, "Ramp time (s)")},
               {"stop_length", add(form, "windlass.stop_length", 1, "Stop length (m)")},
               {"stall_tension", add(form, "windlass.stall_tension", 1, "Stall tension (N)")},
               {"stall_band", add(form, "windlass.stall_band", 1, "Stall band (fraction)")}};
  form->addRow(new QLabel(tr("Guide ring, world (empty: none)"), this));
  guide_ = {{"centre", add(form, "guide.centre", 3, "Centre (m)")},
            {"axis", add(form, "guide.axis", 3, "Axis")},
            {"radius", add(form, "guide.radius", 1, "Radius (m)")},
            {"plane_normal", add(form, "guide.plane_normal", 3, "Opening's plane normal")}};
}

NumberFields* ChainFields::add(QFormLayout* form, const char* key, int count,
                               const QString& label) {
  auto* entries = new NumberFields(key, count, this);
  // Object names for scripts and tests: "chain_axial_stiffness", "chain_windlass_speed", …
  entries->setObjectName(QStringLiteral("chain_") + QString(key).replace('.', '_'));
  form->addRow(label, entries);
  return entries;
}

void ChainFields::show(const json& cable) {
  showFields(chain_, cable);
  showFields(windlass_, cable.value("windlass", json()));
  showFields(guide_, cable.value("guide", json()));
}

bool ChainFields::read(json& cable, QString& error) const {
  if (!readFields(chain_, cable, error)) return false;
  for (const auto& [key, fields] : {std::pair{"windlass", &windlass_}, {"guide", &guide_}}) {
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

void ChainFields::erase(json& cable) {
  for (const char* key : {"axial_stiffness", "damping_ratio", "damping_mass", "mass_per_length",
                          "rest_length", "windlass", "guide"})
    cable.erase(key);
}

}  // namespace contactsim::gui
