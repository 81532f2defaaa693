#include "scene/law_parameters.h"

namespace contactsim {

const std::map<std::string, std::set<std::string>>& normalLawParameters() {
  static const std::map<std::string, std::set<std::string>> parameters = {
      {"hunt-crossley", {"stiffness", "exponent", "restitution", "min_impact_velocity"}},
      {"modia3d",
       {"restitution", "sliding_friction", "rolling_resistance", "v_small", "w_small",
        "contact_sphere_radius", "reduction_factor", "max_damping"}},
      {"hertz-stribeck", {"contact_radius", "dissipation"}},
      {"conforming-hertz", {"radius", "clearance", "restitution", "min_impact_velocity"}},
  };
  return parameters;
}

const std::map<std::string, std::set<std::string>>& frictionParameters() {
  static const std::map<std::string, std::set<std::string>> parameters = {
      {"stick-slip", {"static", "dynamic", "stick_velocity", "viscous"}},
      {"stribeck", {"static", "dynamic", "stiction_tolerance"}},
      {"coulomb", {"static", "dynamic", "v_small"}},
      {"none", {}},
  };
  return parameters;
}

namespace {

constexpr ParameterRange kNonNegative{0.0, false, std::numeric_limits<double>::infinity(), ""};
constexpr ParameterRange kDivisor{0.0, true, std::numeric_limits<double>::infinity(),
                                  " (the law divides by it)"};
constexpr ParameterRange kFraction{0.0, false, 1.0, ""};
// Dry friction: no pair of engineering materials exceeds μ ≈ 2; adhesion is not modelled.
constexpr ParameterRange kFrictionCoefficient{
    0.0, false, 10.0, " (a friction coefficient; adhesion is not modelled)"};

// By parameter name: a name means the same in every law that has it (README, "Contact force
// laws"). Names missing here are only required to be >= 0.
const std::map<std::string, ParameterRange>& rangesByName() {
  static const std::map<std::string, ParameterRange> ranges = {
      {"stiffness", kDivisor},
      // Below 1 the stiffness k·e·δ^(e−1) is infinite at first touch.
      {"exponent",
       {1.0, false, std::numeric_limits<double>::infinity(),
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
      {"clearance",
       {0.0, true, std::numeric_limits<double>::infinity(),
        " (R* = r(r + c)/c; a press fit is not a contact)"}},
      {"static", kFrictionCoefficient},
      {"dynamic", kFrictionCoefficient},
      {"stick_velocity", kDivisor},
      {"viscous", kNonNegative},
      {"stiction_tolerance", kDivisor},
  };
  return ranges;
}

}  // namespace

// Modia3D's damping d = 8(1 − cor)/(5·cor·v) would divide by a restitution of 0, but the law
// takes cor = 0 as "comes to rest" and uses d_max then (normal_force.cpp), so [0, 1] holds for
// every law.
ParameterRange parameterRange(const std::string& key) {
  const auto it = rangesByName().find(key);
  return it == rangesByName().end() ? kNonNegative : it->second;
}

}  // namespace contactsim
