// The scene file's "contact" section: which pairs touch, the contact law, per-pair overrides of
// law or geometry, and the sparsify options (docs/scene-format.md, `contact`).

#include "scene/scene_sections.h"

namespace contactsim::scene_reading {
namespace {

std::pair<std::string, std::string> bodyPair(const FieldReader& r, const json& j,
                                             const std::string& path) {
  if (!j.is_array() || j.size() != 2) r.fail(path, "expected [body, body], got " + describe(j));
  const std::string a = r.bodyReference(j[0], element(path, 0));
  const std::string b = r.bodyReference(j[1], element(path, 1));
  if (a == b) r.fail(path, "expected two different bodies");
  return {a, b};
}

SceneContactLaw readLaw(const FieldReader& r, const json& j, const std::string& path) {
  if (!j.is_object()) r.fail(path, "expected an object, got " + describe(j));
  if (!j.contains("model"))
    r.fail(child(path, "model"), "required (" + modelNames(normalLawParameters()) + ")");
  SceneContactLaw law;
  law.model = r.string(j["model"], child(path, "model"));
  if (!normalLawParameters().count(law.model)) {
    r.fail(child(path, "model"),
           "expected " + modelNames(normalLawParameters()) + ", got \"" + law.model + "\"");
  }
  for (const auto& [key, value] : j.items()) {
    const std::string p = child(path, key);
    if (key == "model") continue;
    if (key == "friction") {
      if (!value.is_object()) r.fail(p, "expected an object, got " + describe(value));
      SceneFriction friction;
      if (!value.contains("model"))
        r.fail(child(p, "model"), "required (" + modelNames(frictionParameters()) + ")");
      friction.model = r.string(value["model"], child(p, "model"));
      if (!frictionParameters().count(friction.model)) {
        r.fail(child(p, "model"),
               "expected " + modelNames(frictionParameters()) + ", got \"" + friction.model + "\"");
      }
      for (const auto& [fkey, fvalue] : value.items()) {
        if (fkey == "model") continue;
        const LawParameter* entry = findParameter(frictionParameters(), friction.model, fkey);
        if (!entry) r.fail(child(p, fkey), "not a parameter of friction model " + friction.model);
        friction.parameters[fkey] = r.inRange(fvalue, child(p, fkey), entry->range);
      }
      law.friction = friction;
    } else if (const LawParameter* entry = findParameter(normalLawParameters(), law.model, key)) {
      law.parameters[key] = r.inRange(value, p, entry->range);
    } else {
      r.fail(p, "unknown key (not a parameter of contact law " + law.model + ")");
    }
  }
  return law;
}

}  // namespace

SceneContact readContact(const FieldReader& r, const json& j, const std::string& path) {
  r.expectObject(j, path, {"pairs", "law", "geometry", "sparsify", "overrides"});
  SceneContact contact;
  // "patch" (the default) or "volumetric", for every pair unless an override says otherwise.
  const auto geometry = [&](const json& g, const std::string& p) {
    const std::string name = r.string(g, p);
    if (name == "patch") return ContactGeometry::Patch;
    if (name == "volumetric") return ContactGeometry::Volumetric;
    r.fail(p, "expected \"patch\" or \"volumetric\", got \"" + name + "\"");
  };
  if (j.contains("geometry")) contact.geometry = geometry(j["geometry"], child(path, "geometry"));
  if (j.contains("sparsify")) {
    const json& sp = j["sparsify"];
    const std::string p = child(path, "sparsify");
    r.expectObject(sp, p, {"min_area", "min_distance", "max_normal_angle"});
    // 0 is allowed for the two sizes (keep every point, merge none); an angle in [0, 180].
    const auto nonNegative = [&](const char* key) {
      const double value = r.number(sp[key], child(p, key));
      if (!(value >= 0.0)) r.fail(child(p, key), "must be >= 0");
      return value;
    };
    if (sp.contains("min_area")) contact.sparsify.min_area = nonNegative("min_area");
    if (sp.contains("min_distance")) contact.sparsify.min_distance = nonNegative("min_distance");
    if (sp.contains("max_normal_angle")) {
      contact.sparsify.max_normal_angle = nonNegative("max_normal_angle");
      if (*contact.sparsify.max_normal_angle > 180.0)
        r.fail(child(p, "max_normal_angle"), "must be <= 180 (degrees)");
    }
  }
  if (j.contains("pairs")) {
    const json& pairs = j["pairs"];
    const std::string p = child(path, "pairs");
    if (pairs.is_string()) {
      if (pairs.get<std::string>() != "all")
        r.fail(p, "expected \"all\" or a list of [body, body] pairs");
    } else {
      contact.all_pairs = false;
      for (std::size_t i = 0; i < r.array(pairs, p).size(); ++i) {
        contact.pairs.push_back(bodyPair(r, pairs[i], element(p, i)));
      }
    }
  }
  if (j.contains("law")) contact.law = readLaw(r, j["law"], child(path, "law"));
  if (j.contains("overrides")) {
    const std::string p = child(path, "overrides");
    for (std::size_t i = 0; i < r.array(j["overrides"], p).size(); ++i) {
      const json& o = j["overrides"][i];
      const std::string op = element(p, i);
      r.expectObject(o, op, {"bodies", "law", "geometry"});
      if (!o.contains("bodies")) r.fail(child(op, "bodies"), "required");
      // An override sets the pair's law, its contact geometry, or both.
      if (!o.contains("law") && !o.contains("geometry")) r.fail(child(op, "law"), "required");
      SceneContact::Override override;
      override.bodies = bodyPair(r, o["bodies"], child(op, "bodies"));
      override.has_law = o.contains("law");
      if (override.has_law) override.law = readLaw(r, o["law"], child(op, "law"));
      if (o.contains("geometry"))
        override.geometry = geometry(o["geometry"], child(op, "geometry"));
      contact.overrides.push_back(std::move(override));
    }
  }
  return contact;
}

}  // namespace contactsim::scene_reading
