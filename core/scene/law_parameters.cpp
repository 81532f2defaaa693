#include "scene/law_parameters.h"

#include <stdexcept>

#include "scene/scene_fields.h"
#include "sim/contact_law.h"

namespace contactsim {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr ParameterRange kNonNegative{0.0, false, kInfinity, ""};
constexpr ParameterRange kDivisor{0.0, true, kInfinity, " (the law divides by it)"};
constexpr ParameterRange kFraction{0.0, false, 1.0, ""};
// Dry friction: no pair of engineering materials exceeds μ ≈ 2; adhesion is not modelled.
constexpr ParameterRange kFrictionCoefficient{
    0.0, false, 10.0, " (a friction coefficient; adhesion is not modelled)"};

// By parameter name: a name means the same in every law that has it (README, "Contact force
// laws"), so its range is given once. Names missing here are only required to be >= 0.
// Modia3D's damping d = 8(1 − cor)/(5·cor·v) would divide by a restitution of 0, but the law
// takes cor = 0 as "comes to rest" and uses d_max then (normal_force.cpp), so [0, 1] holds for
// every law.
ParameterRange rangeOf(const std::string& name) {
  static const std::map<std::string, ParameterRange> ranges = {
      {"stiffness", kDivisor},
      // Below 1 the stiffness k·e·δ^(e−1) is infinite at first touch.
      {"exponent",
       {1.0, false, kInfinity,
        " (1 linear, 1.5 Hertz; below 1 the stiffness is infinite at first touch)"}},
      {"restitution", kFraction},
      {"min_impact_velocity", kDivisor},
      {"sliding_friction", kFrictionCoefficient},
      {"rolling_resistance", {0.0, false, 1.0, " (a rolling-resistance coefficient)"}},
      {"v_small", kDivisor},
      {"w_small", kDivisor},
      {"contact_sphere_radius", kDivisor},
      {"reduction_factor", {0.0, true, 1.0, " (Modia3D's stiffness reduction k_red)"}},
      {"max_damping", kNonNegative},
      {"contact_radius", kDivisor},
      {"dissipation", kNonNegative},
      {"radius", kDivisor},
      {"clearance", {0.0, true, kInfinity, " (R* = r(r + c)/c; a press fit is not a contact)"}},
      {"static", kFrictionCoefficient},
      {"dynamic", kFrictionCoefficient},
      {"stick_velocity", kDivisor},
      {"viscous", kNonNegative},
      {"stiction_tolerance", kDivisor},
  };
  const auto it = ranges.find(name);
  return it == ranges.end() ? kNonNegative : it->second;
}

LawParameter parameter(const char* name, const char* unit, const char* meaning,
                       ParameterDefault fallback) {
  return {name, unit, meaning, rangeOf(name), fallback};
}

ParameterDefault number(double value) { return {ParameterDefault::Kind::Number, value, ""}; }
constexpr ParameterDefault kRequired{ParameterDefault::Kind::Required, 0.0, ""};
// What scene_contact.cpp's geometryRadius uses for a body when the law gives no radius.
constexpr ParameterDefault kPerBodyRadius{
    ParameterDefault::Kind::Derived, 0.0,
    "per body, half the shortest side of its mesh's bounding box"};

// Modia3D's law carries its own friction; its μ is a law parameter, not a CoulombFriction
// member, so its default lives here (README, "Force laws": 0.3).
constexpr double kModia3dSlidingFriction = 0.3;

// hunt-crossley and hunt-crossley-exact: the same parameters and defaults; only what ε means
// differs (docs/method.md, "Restitution").
std::vector<LawParameter> huntCrossleyParameters(const char* restitution_meaning) {
  const HuntCrossleyLaw law;
  return {parameter("stiffness", "N/m^e", "k: force per indentation^e", number(law.stiffness)),
          parameter("exponent", "–", "e: power of the indentation", number(law.exponent)),
          parameter("restitution", "–", restitution_meaning, number(law.restitution)),
          parameter("min_impact_velocity", "m/s",
                    "floor of δ̇₀, so a contact that begins at rest has finite damping",
                    number(law.min_impact_velocity)),
          parameter("support_compliance", "m/N",
                    "s: a spring 1/s in series, the support's (plating's) compliance; 0 rigid",
                    number(law.support_compliance))};
}

}  // namespace

// The numeric defaults are the members of the laws' structs (core/contact, core/sim), read here
// rather than repeated, so that a law built in code and one read from a file agree.
const LawModels& normalLawParameters() {
  static const LawModels models = [] {
    const Modia3dLaw modia3d;
    const RollingResistance rolling;
    const HertzHuntCrossleyLaw hertz;
    const ConformingHertzLaw conforming;
    return LawModels{
        {"hunt-crossley",
         huntCrossleyParameters(
             "ε: sets the damping 3(1 − ε)/2; impacts rebound above it below ε ≈ 0.8")},
        // The same law whose impacts rebound at exactly ε (Carvalho & Martins 2019).
        {"hunt-crossley-exact",
         huntCrossleyParameters("ε: the rebound of an impact, exactly (0 is taken as 0.001)")},
        {"modia3d",
         {parameter("restitution", "–", "cor: coefficient of restitution",
                    number(modia3d.restitution)),
          parameter("sliding_friction", "–", "μ of the law's regularised Coulomb friction",
                    number(kModia3dSlidingFriction)),
          parameter("rolling_resistance", "–", "μ_r: rolling-resistance coefficient, 0 none",
                    number(rolling.coefficient)),
          parameter("v_small", "m/s",
                    "slower impacts do not rebound; also regularises the friction direction",
                    number(modia3d.v_small)),
          parameter("w_small", "rad/s", "regularises the rolling-resistance direction",
                    number(rolling.w_small)),
          parameter("contact_sphere_radius", "m",
                    "radius of each body; r_geo = r_a·r_b/(r_a + r_b)", kPerBodyRadius),
          parameter("reduction_factor", "–", "k_red: stiffness reduction",
                    number(modia3d.reduction)),
          parameter("max_damping", "s/m", "d_max: cap of the damping d",
                    number(modia3d.max_damping))}},
        {"hertz-stribeck",
         {parameter("contact_radius", "m", "radius of each body; R = r_a·r_b/(r_a + r_b)",
                    kPerBodyRadius),
          parameter("dissipation", "s/m", "d: Hunt–Crossley dissipation",
                    number(hertz.dissipation))}},
        {"conforming-hertz",
         {parameter("radius", "m", "r: the ball's or pin's radius", kRequired),
          parameter("clearance", "m", "c: radial clearance, outer radius − r", kRequired),
          parameter("restitution", "–", "e: coefficient of restitution",
                    number(conforming.restitution)),
          parameter("min_impact_velocity", "m/s", "floor of δ̇⁻, as for hunt-crossley",
                    number(conforming.min_impact_velocity))}},
    };
  }();
  return models;
}

const LawModels& frictionParameters() {
  static const LawModels models = [] {
    const StickSlipFriction stick_slip;
    const StribeckFriction stribeck;
    const CoulombFriction coulomb;
    return LawModels{
        {"stick-slip",
         {parameter("static", "–", "μ_s: the stick spring's force is capped at μ_s·F_n",
                    number(stick_slip.static_coefficient)),
          parameter("dynamic", "–", "μ_d: sliding friction μ_d·F_n",
                    number(stick_slip.dynamic_coefficient)),
          parameter("stick_velocity", "m/s", "v_stick: stick–slip blend κ = exp(−|v|²/v_stick²)",
                    number(stick_slip.stick_velocity)),
          parameter("viscous", "N·s/m", "viscous friction −viscous·v",
                    number(stick_slip.viscous))}},
        {"stribeck",
         {parameter("static", "–", "μ_s: the peak, reached at |v| = v_s",
                    number(stribeck.static_coefficient)),
          parameter("dynamic", "–", "μ_d: from |v| = 3·v_s on",
                    number(stribeck.dynamic_coefficient)),
          parameter("stiction_tolerance", "m/s", "v_s: creeps below it",
                    number(stribeck.stiction_tolerance))}},
        // One coefficient: a regularised law has no separate static value.
        {"coulomb",
         {parameter("static", "–", "μ when `dynamic` is not given", number(coulomb.coefficient)),
          parameter("dynamic", "–", "μ; wins over `static`", number(coulomb.coefficient)),
          parameter("v_small", "m/s", "regularises the direction below this slip speed",
                    number(coulomb.v_small))}},
        {"none", {}},
    };
  }();
  return models;
}

std::string modelNames(const LawModels& table) {
  std::string names;
  std::size_t i = 0;
  for (const auto& entry : table) {
    if (i > 0) names += i + 1 == table.size() ? " or " : ", ";
    names += entry.first;
    ++i;
  }
  return names;
}

std::string outOfRange(const ParameterRange& range, double value) {
  if (range.low_open ? !(value > range.low) : !(value >= range.low))
    return "expected a number " + std::string(range.low_open ? "> " : ">= ") +
           scene_reading::formatBound(range.low) + range.why;
  if (!(value <= range.high))
    return "expected a number <= " + scene_reading::formatBound(range.high) + range.why;
  return {};
}

const LawParameter* findParameter(const LawModels& table, const std::string& model,
                                  const std::string& key) {
  const auto it = table.find(model);
  if (it == table.end()) return nullptr;
  for (const LawParameter& p : it->second) {
    if (p.name == key) return &p;
  }
  return nullptr;
}

double valueOrDefault(const LawModels& table, const std::string& model,
                      const std::map<std::string, double>& values, const std::string& key) {
  const LawParameter* entry = findParameter(table, model, key);
  if (!entry || entry->fallback.kind != ParameterDefault::Kind::Number)
    throw std::logic_error(model + "." + key + ": no numeric default in the law table");
  const auto it = values.find(key);
  return it == values.end() ? entry->fallback.value : it->second;
}

}  // namespace contactsim
