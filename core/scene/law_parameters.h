// The contact law and friction models a scene may name and, per model, each parameter's unit,
// meaning, physical range and default: the one table the scene reader checks against, the
// simulation fills omitted parameters from, the window's law editor shows and the tables of
// docs/scene-format.md are generated from (law_parameters_doc.h).
#pragma once

#include <limits>
#include <map>
#include <string>
#include <vector>

namespace contactsim {

// The physical range of a law or friction parameter, checked where the file is read so that a
// value a law divides by, or one outside the model's domain, is refused naming its JSON path
// instead of failing mid-run (issue 21: stick_velocity 0 gave "singular tangent" at 3.8 ms).
struct ParameterRange {
  double low = 0.0;
  bool low_open = false;  // low itself excluded
  double high = std::numeric_limits<double>::infinity();
  const char* why = "";
};

// Why `value` lies outside `range` ("expected a number > 0 (the law divides by it)"), or empty
// when it lies inside: the one wording of the scene reader's error and the law editor's.
std::string outOfRange(const ParameterRange& range, double value);

// What a parameter the file leaves out is: a number, required (the law refuses the pair without
// it), or derived from the bodies (`derived_from` says from what).
struct ParameterDefault {
  enum class Kind { Number, Required, Derived };
  Kind kind = Kind::Number;
  double value = 0.0;             // Kind::Number
  const char* derived_from = "";  // Kind::Derived
};

struct LawParameter {
  std::string name;
  const char* unit;     // SI; "–" when dimensionless
  const char* meaning;  // one line
  ParameterRange range;
  ParameterDefault fallback;
};

// Model name → its parameters, in the order the docs and the law editor list them. A parameter
// name has the same meaning and range in every model that has it; its default may differ.
using LawModels = std::map<std::string, std::vector<LawParameter>>;

const LawModels& normalLawParameters();
// Friction models; "none" has no parameters. A law without a `friction` object keeps its own
// (modia3d: Coulomb with its sliding_friction; hertz-stribeck, conforming-hertz: Stribeck).
const LawModels& frictionParameters();

// The table's model names as a sentence lists them: "a, b or c" (the reader's errors).
std::string modelNames(const LawModels& table);

// The model of a pair whose scene names no law: ContactLaw's default (core/sim/contact_law.h),
// with this table's defaults and no friction.
inline constexpr const char* kUnnamedLawModel = "hunt-crossley";

// The entry of `key` in `model`, or nullptr when the model is unknown or has no such parameter.
const LawParameter* findParameter(const LawModels& table, const std::string& model,
                                  const std::string& key);

// `values[key]` when the file gave it, else the table's numeric default of `key` in `model`.
// Throws std::logic_error for a parameter without a numeric default (required or derived ones
// are the caller's to handle) or one not in the table: a mistake in the code, not the file.
double valueOrDefault(const LawModels& table, const std::string& model,
                      const std::map<std::string, double>& values, const std::string& key);

}  // namespace contactsim
