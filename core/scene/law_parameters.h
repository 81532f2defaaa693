// The contact law and friction models a scene may name, their parameters and each parameter's
// physical range: the one table the scene reader checks against, the window's law editor offers
// and docs/scene-format.md describes.
#pragma once

#include <limits>
#include <map>
#include <set>
#include <string>

namespace contactsim {

// Per model, the parameters it accepts.
const std::map<std::string, std::set<std::string>>& normalLawParameters();
const std::map<std::string, std::set<std::string>>& frictionParameters();

// The physical range of a law or friction parameter, checked where the file is read so that a
// value a law divides by, or one outside the model's domain, is refused naming its JSON path
// instead of failing mid-run (issue 21: stick_velocity 0 gave "singular tangent" at 3.8 ms).
struct ParameterRange {
  double low = 0.0;
  bool low_open = false;  // low itself excluded
  double high = std::numeric_limits<double>::infinity();
  const char* why = "";
};

// The range of a law or friction parameter by name (a name means the same in every model).
ParameterRange parameterRange(const std::string& key);

}  // namespace contactsim
