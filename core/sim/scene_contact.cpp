#include "sim/scene_contact.h"

#include <algorithm>
#include <map>
#include <set>

#include "scene/scene_reader.h"

namespace contactsim {
namespace {

// A parameter of a normal law or friction model as the file gives it, else the law table's
// default (core/scene/law_parameters.cpp): the one source the reader, the GUI and the docs share.
double lawValue(const SceneContactLaw& law, const std::string& key) {
  return valueOrDefault(normalLawParameters(), law.model, law.parameters, key);
}

double frictionValue(const SceneFriction& friction, const std::string& key) {
  return valueOrDefault(frictionParameters(), friction.model, friction.parameters, key);
}

class LawBuilder {
 public:
  LawBuilder(const Scene& scene, const SceneBody& a, const SceneBody& b)
      : scene_(scene), a_(a), b_(b) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw SceneError(scene_.file.string() + ": contact '" + a_.name + "'–'" + b_.name +
                     "': " + what);
  }

  const SceneMaterial& material(const SceneBody& body, const std::string& model) const {
    const auto it = std::find_if(scene_.materials.begin(), scene_.materials.end(),
                                 [&](const SceneMaterial& m) { return m.name == body.material; });
    if (body.material.empty() || it == scene_.materials.end())
      fail(model + " needs a material on body '" + body.name + "'");
    if (!it->young_modulus || !it->poisson_ratio) {
      fail(model + " needs young_modulus and poisson_ratio of material '" + it->name + "'");
    }
    return *it;
  }

  double effectiveModulusOfPair(const std::string& model) const {
    const SceneMaterial& ma = material(a_, model);
    const SceneMaterial& mb = material(b_, model);
    return effectiveModulus(*ma.young_modulus, *ma.poisson_ratio, *mb.young_modulus,
                            *mb.poisson_ratio);
  }

  // Modia3D ("Contact Force Law"): μ_r,geo = r₁r₂/(r₁ + r₂) for two curved shapes (meshes are
  // never "flat" there).
  double geometryRadius(const std::map<std::string, double>& parameters,
                        const std::string& key) const {
    const auto radius = [&](const SceneBody& body) {
      if (parameters.count(key)) return parameters.at(key);
      if (!body.mesh || !body.mesh->mesh) fail("body '" + body.name + "' has no mesh");
      return defaultContactSphereRadius(*body.mesh->mesh);
    };
    const double ra = radius(a_), rb = radius(b_);
    if (!(ra > 0.0) || !(rb > 0.0)) fail(key + " must be > 0");
    return ra * rb / (ra + rb);
  }

 private:
  const Scene& scene_;
  const SceneBody& a_;
  const SceneBody& b_;
};

FrictionModel frictionFromScene(const SceneFriction& f) {
  if (f.model == "stick-slip") {
    StickSlipFriction m;
    m.static_coefficient = frictionValue(f, "static");
    m.dynamic_coefficient = frictionValue(f, "dynamic");
    m.stick_velocity = frictionValue(f, "stick_velocity");
    m.viscous = frictionValue(f, "viscous");
    return m;
  }
  if (f.model == "stribeck") {
    StribeckFriction m;
    m.static_coefficient = frictionValue(f, "static");
    m.dynamic_coefficient = frictionValue(f, "dynamic");
    m.stiction_tolerance = frictionValue(f, "stiction_tolerance");
    return m;
  }
  if (f.model == "coulomb") {
    // One coefficient: a regularised law has no separate static value; `dynamic` wins.
    CoulombFriction m;
    m.coefficient =
        f.parameters.count("dynamic") ? f.parameters.at("dynamic") : frictionValue(f, "static");
    m.v_small = frictionValue(f, "v_small");
    return m;
  }
  return NoFriction{};
}

}  // namespace

double defaultContactSphereRadius(const TriMesh& mesh) {
  return 0.5 * mesh.bounds().sizes().minCoeff();
}

ContactLaw contactLawFromScene(const Scene& scene, const SceneContactLaw& law, const SceneBody& a,
                               const SceneBody& b) {
  const LawBuilder builder(scene, a, b);
  const auto& p = law.parameters;
  ContactLaw result;
  if (law.model == "hunt-crossley" || law.model == "hunt-crossley-exact") {
    HuntCrossleyLaw n;
    if (law.model == "hunt-crossley-exact") n.damping = HuntCrossleyLaw::Damping::ExactRestitution;
    n.stiffness = lawValue(law, "stiffness");
    n.exponent = lawValue(law, "exponent");
    n.restitution = lawValue(law, "restitution");
    n.min_impact_velocity = lawValue(law, "min_impact_velocity");
    n.support_compliance = lawValue(law, "support_compliance");
    if (!(n.stiffness > 0.0)) builder.fail("stiffness must be > 0");
    if (!(n.min_impact_velocity > 0.0)) builder.fail("min_impact_velocity must be > 0");
    if (n.restitution > 1.0) builder.fail("restitution must be in [0, 1]");
    result.normal = n;
  } else if (law.model == "modia3d") {
    Modia3dLaw n;
    n.effective_modulus = builder.effectiveModulusOfPair("modia3d");
    n.geometry_radius = builder.geometryRadius(p, "contact_sphere_radius");
    n.restitution = lawValue(law, "restitution");
    n.v_small = lawValue(law, "v_small");
    n.max_damping = lawValue(law, "max_damping");
    n.reduction = lawValue(law, "reduction_factor");
    if (n.restitution > 1.0) builder.fail("restitution must be in [0, 1]");
    if (!(n.v_small > 0.0)) builder.fail("v_small must be > 0");
    result.normal = n;
    // Modia3D ("Contact Force Law"): regularised sliding friction and rolling-resistance torque
    // are part of the law.
    result.friction = CoulombFriction{lawValue(law, "sliding_friction"), n.v_small};
    result.rolling.coefficient = lawValue(law, "rolling_resistance");
    result.rolling.geometry_radius = n.geometry_radius;
    result.rolling.w_small = lawValue(law, "w_small");
    result.spread_damping = false;
    if (!(result.rolling.w_small > 0.0)) builder.fail("w_small must be > 0");
  } else if (law.model == "hertz-stribeck") {
    HertzHuntCrossleyLaw n;
    n.effective_modulus = builder.effectiveModulusOfPair("hertz-stribeck");
    n.effective_radius = builder.geometryRadius(p, "contact_radius");
    n.dissipation = lawValue(law, "dissipation");
    result.normal = n;
    result.friction = StribeckFriction{};
  } else if (law.model == "conforming-hertz") {
    ConformingHertzLaw n;
    n.effective_modulus = builder.effectiveModulusOfPair("conforming-hertz");
    if (!p.count("radius") || !p.count("clearance"))
      builder.fail("conforming-hertz needs radius and clearance (m)");
    n.radius = p.at("radius");
    n.clearance = p.at("clearance");
    n.restitution = lawValue(law, "restitution");
    n.min_impact_velocity = lawValue(law, "min_impact_velocity");
    if (!(n.radius > 0.0)) builder.fail("radius must be > 0");
    if (!(n.clearance > 0.0)) builder.fail("clearance must be > 0 (a press fit is not a contact)");
    if (n.restitution > 1.0) builder.fail("restitution must be in [0, 1]");
    if (!(n.min_impact_velocity > 0.0)) builder.fail("min_impact_velocity must be > 0");
    result.normal = n;
    result.friction = StribeckFriction{};
  } else {
    builder.fail("unknown law \"" + law.model + "\"");
  }
  if (law.friction) result.friction = frictionFromScene(*law.friction);
  return result;
}

std::vector<ContactPairDefinition> contactPairsFromScene(const Scene& scene) {
  std::vector<ContactPairDefinition> pairs;
  if (!scene.contact) return pairs;
  const SceneContact& contact = *scene.contact;
  std::map<std::string, int> index;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i)
    index[scene.bodies[i].name] = static_cast<int>(i);

  std::vector<std::pair<int, int>> selected;
  if (contact.all_pairs) {
    std::set<std::pair<int, int>> jointed;
    for (const SceneJoint& j : scene.joints) {
      if (j.body_a == "world" || j.body_b == "world") continue;
      const int ja = index.at(j.body_a), jb = index.at(j.body_b);
      jointed.insert({std::min(ja, jb), std::max(ja, jb)});
    }
    for (int i = 0; i < static_cast<int>(scene.bodies.size()); ++i) {
      for (int k = i + 1; k < static_cast<int>(scene.bodies.size()); ++k) {
        const SceneBody &a = scene.bodies[i], &b = scene.bodies[k];
        if (!a.mesh || !b.mesh || (a.fixed && b.fixed) || jointed.count({i, k})) continue;
        selected.emplace_back(i, k);
      }
    }
  } else {
    for (const auto& [name_a, name_b] : contact.pairs) {
      const int ia = index.at(name_a), ib = index.at(name_b);
      for (int body : {ia, ib}) {
        if (!scene.bodies[body].mesh) {
          throw SceneError(scene.file.string() + ": contact.pairs: body '" +
                           scene.bodies[body].name + "' has no mesh");
        }
      }
      selected.emplace_back(std::min(ia, ib), std::max(ia, ib));
    }
  }

  // One tree per mesh, sharing ownership of the mesh it points into.
  struct MeshTree {
    std::shared_ptr<const TriMesh> mesh;
    AabbTree tree;
  };
  std::map<int, std::shared_ptr<const AabbTree>> trees;
  const auto treeOf = [&](int body) {
    auto& tree = trees[body];
    if (!tree) {
      const auto& mesh = scene.bodies[body].mesh->mesh;
      auto owner = std::make_shared<MeshTree>(MeshTree{mesh, AabbTree(*mesh)});
      tree = std::shared_ptr<const AabbTree>(owner, &owner->tree);
    }
    return tree;
  };

  for (const auto& [ia, ib] : selected) {
    const SceneBody &a = scene.bodies[ia], &b = scene.bodies[ib];
    const SceneContactLaw* law = contact.law ? &*contact.law : nullptr;
    for (const SceneContact::Override& o : contact.overrides) {
      if ((o.bodies.first == a.name && o.bodies.second == b.name) ||
          (o.bodies.first == b.name && o.bodies.second == a.name)) {
        if (o.has_law) law = &o.law;
      }
    }
    ContactPairDefinition pair;
    pair.body_a = ia;
    pair.body_b = ib;
    pair.tree_a = treeOf(ia);
    pair.tree_b = treeOf(ib);
    pair.law = law ? contactLawFromScene(scene, *law, a, b) : ContactLaw{};
    pairs.push_back(std::move(pair));
  }
  return pairs;
}

ContactGeometry contactGeometryOf(const Scene& scene, int body_a, int body_b) {
  if (!scene.contact) return ContactGeometry::Patch;
  const std::string &a = scene.bodies.at(body_a).name, &b = scene.bodies.at(body_b).name;
  ContactGeometry geometry = scene.contact->geometry;
  // As for the law: order of the names free, the last matching override wins.
  for (const SceneContact::Override& o : scene.contact->overrides) {
    if (o.geometry && ((o.bodies.first == a && o.bodies.second == b) ||
                       (o.bodies.first == b && o.bodies.second == a)))
      geometry = *o.geometry;
  }
  return geometry;
}

}  // namespace contactsim
