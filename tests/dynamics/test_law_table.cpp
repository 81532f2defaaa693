// The law table (core/scene/law_parameters.h) is the one source of the laws' defaults (issue 19):
// a law that omits a parameter is built with exactly the table's default, every numeric default
// lies in its own range, and a value the law would divide by is refused naming its JSON path.
#include <catch2/catch.hpp>
#include <functional>
#include <nlohmann/json.hpp>

#include "geometry/primitives.h"
#include "scene/scene_reader.h"
#include "sim/scene_contact.h"

using namespace contactsim;
using json = nlohmann::json;

namespace {

TriMesh loadMesh(const SceneMesh&) { return makeBox(Vec3::Constant(0.05)); }

// Two steel cubes with `law` as the scene's contact law.
json sceneWith(const json& law) {
  json scene = json::parse(R"({
    "materials": [{"name": "steel", "density": 7850, "young_modulus": 2.1e11,
                   "poisson_ratio": 0.3}],
    "bodies": [
      {"name": "floor", "fixed": true, "mesh": {"file": "cube.stl"}, "material": "steel"},
      {"name": "box", "mesh": {"file": "cube.stl"}, "material": "steel", "position": [0, 0, 1]}
    ]})");
  scene["contact"]["law"] = law;
  return scene;
}

ContactLaw builtLaw(const json& law) {
  const Scene scene = parseScene(sceneWith(law).dump(), "defaults.json", loadMesh);
  return contactLawFromScene(scene, *scene.contact->law, scene.bodies[0], scene.bodies[1]);
}

// Parameters a law cannot do without (the table says "required"), at valid values.
json lawOf(const std::string& model) {
  json law = {{"model", model}};
  for (const LawParameter& p : normalLawParameters().at(model)) {
    if (p.fallback.kind == ParameterDefault::Kind::Required)
      law[p.name] = p.name == "clearance" ? 1e-4 : 0.02;
  }
  return law;
}

using Read = std::function<double(const ContactLaw&)>;
template <class T>
const T& normal(const ContactLaw& law) {
  return std::get<T>(law.normal);
}
template <class T>
const T& friction(const ContactLaw& law) {
  return std::get<T>(law.friction);
}

// Where a built hunt-crossley or hunt-crossley-exact law keeps each parameter.
const std::map<std::string, Read>& huntCrossleyValues() {
  static const std::map<std::string, Read> values = {
      {"stiffness", [](auto& l) { return normal<HuntCrossleyLaw>(l).stiffness; }},
      {"exponent", [](auto& l) { return normal<HuntCrossleyLaw>(l).exponent; }},
      {"restitution", [](auto& l) { return normal<HuntCrossleyLaw>(l).restitution; }},
      {"min_impact_velocity",
       [](auto& l) { return normal<HuntCrossleyLaw>(l).min_impact_velocity; }},
      {"support_compliance", [](auto& l) { return normal<HuntCrossleyLaw>(l).support_compliance; }},
  };
  return values;
}

// Where the built law keeps each parameter with a numeric default, by "model.parameter".
const std::map<std::string, Read>& builtValues() {
  static const std::map<std::string, Read> values = [] {
    std::map<std::string, Read> v = {
        {"modia3d.restitution", [](auto& l) { return normal<Modia3dLaw>(l).restitution; }},
        {"modia3d.sliding_friction",
         [](auto& l) { return friction<CoulombFriction>(l).coefficient; }},
        {"modia3d.rolling_resistance", [](auto& l) { return l.rolling.coefficient; }},
        {"modia3d.v_small", [](auto& l) { return normal<Modia3dLaw>(l).v_small; }},
        {"modia3d.w_small", [](auto& l) { return l.rolling.w_small; }},
        {"modia3d.reduction_factor", [](auto& l) { return normal<Modia3dLaw>(l).reduction; }},
        {"modia3d.max_damping", [](auto& l) { return normal<Modia3dLaw>(l).max_damping; }},
        {"hertz-stribeck.dissipation",
         [](auto& l) { return normal<HertzHuntCrossleyLaw>(l).dissipation; }},
        {"conforming-hertz.restitution",
         [](auto& l) { return normal<ConformingHertzLaw>(l).restitution; }},
        {"conforming-hertz.min_impact_velocity",
         [](auto& l) { return normal<ConformingHertzLaw>(l).min_impact_velocity; }},
        {"stick-slip.static",
         [](auto& l) { return friction<StickSlipFriction>(l).static_coefficient; }},
        {"stick-slip.dynamic",
         [](auto& l) { return friction<StickSlipFriction>(l).dynamic_coefficient; }},
        {"stick-slip.stick_velocity",
         [](auto& l) { return friction<StickSlipFriction>(l).stick_velocity; }},
        {"stick-slip.viscous", [](auto& l) { return friction<StickSlipFriction>(l).viscous; }},
        {"stribeck.static",
         [](auto& l) { return friction<StribeckFriction>(l).static_coefficient; }},
        {"stribeck.dynamic",
         [](auto& l) { return friction<StribeckFriction>(l).dynamic_coefficient; }},
        {"stribeck.stiction_tolerance",
         [](auto& l) { return friction<StribeckFriction>(l).stiction_tolerance; }},
        // One coefficient: either name, omitted, gives it.
        {"coulomb.static", [](auto& l) { return friction<CoulombFriction>(l).coefficient; }},
        {"coulomb.dynamic", [](auto& l) { return friction<CoulombFriction>(l).coefficient; }},
        {"coulomb.v_small", [](auto& l) { return friction<CoulombFriction>(l).v_small; }},
    };
    for (const char* model : {"hunt-crossley", "hunt-crossley-exact"})
      for (const auto& [name, read] : huntCrossleyValues())
        v[std::string(model) + "." + name] = read;
    return v;
  }();
  return values;
}

}  // namespace

TEST_CASE("a law that omits a parameter is built with the table's default", "[scene][law-table]") {
  std::size_t checked = 0;
  const auto check = [&](const std::string& model, const LawParameter& p, const json& law) {
    if (p.fallback.kind != ParameterDefault::Kind::Number) return;
    const std::string key = model + "." + p.name;
    INFO(key);
    REQUIRE(builtValues().count(key));
    CHECK(builtValues().at(key)(builtLaw(law)) == p.fallback.value);
    ++checked;
  };
  for (const auto& [model, parameters] : normalLawParameters()) {
    for (const LawParameter& p : parameters) check(model, p, lawOf(model));
  }
  for (const auto& [model, parameters] : frictionParameters()) {
    json law = lawOf("hunt-crossley");
    law["friction"] = {{"model", model}};
    for (const LawParameter& p : parameters) check(model, p, law);
  }
  // Every numeric default of the table was built, and nothing else is listed above.
  CHECK(checked == builtValues().size());
}

TEST_CASE("every numeric default lies in its parameter's range", "[scene][law-table]") {
  for (const LawModels* table : {&normalLawParameters(), &frictionParameters()}) {
    for (const auto& [model, parameters] : *table) {
      for (const LawParameter& p : parameters) {
        if (p.fallback.kind != ParameterDefault::Kind::Number) continue;
        INFO(model << "." << p.name << " = " << p.fallback.value);
        const double v = p.fallback.value;
        CHECK((p.range.low_open ? v > p.range.low : v >= p.range.low));
        CHECK(v <= p.range.high);
        CHECK(std::string(p.unit).size() > 0);
        CHECK(std::string(p.meaning).size() > 0);
      }
    }
  }
}

TEST_CASE("a value a law divides by is refused at load, naming its JSON path",
          "[scene][law-table]") {
  // The table marks such a parameter with an open lower bound of 0: all of them are refused at 0.
  std::size_t divisors = 0;
  for (const auto& [model, parameters] : normalLawParameters()) {
    for (const LawParameter& p : parameters) {
      if (!(p.range.low_open && p.range.low == 0.0)) continue;
      json law = lawOf(model);
      law[p.name] = 0.0;
      CHECK_THROWS_WITH(
          parseScene(sceneWith(law).dump(), "zero.json", loadMesh),
          Catch::StartsWith("zero.json: contact.law." + p.name + ": expected a number > 0"));
      ++divisors;
    }
  }
  for (const auto& [model, parameters] : frictionParameters()) {
    for (const LawParameter& p : parameters) {
      if (!(p.range.low_open && p.range.low == 0.0)) continue;
      json law = lawOf("hunt-crossley");
      law["friction"] = {{"model", model}, {p.name, 0.0}};
      CHECK_THROWS_WITH(parseScene(sceneWith(law).dump(), "zero.json", loadMesh),
                        Catch::StartsWith("zero.json: contact.law.friction." + p.name +
                                          ": expected a number > 0"));
      ++divisors;
    }
  }
  // The issue's examples are among them: stick_velocity and both v_small.
  CHECK(divisors >= 3);
  json coulomb = lawOf("hunt-crossley");
  coulomb["friction"] = {{"model", "coulomb"}, {"v_small", 0}};
  CHECK_THROWS_WITH(parseScene(sceneWith(coulomb).dump(), "zero.json", loadMesh),
                    "zero.json: contact.law.friction.v_small: expected a number > 0 (the law "
                    "divides by it), got number 0");
}
