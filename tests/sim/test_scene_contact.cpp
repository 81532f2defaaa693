// Contact laws and pairs from a scene file (docs/scene-format.md, `contact`): parameters, defaults
// from materials and meshes, pair selection, and errors naming the pair.
#include <catch2/catch.hpp>

#include "geometry/primitives.h"
#include "scene/scene_reader.h"
#include "sim/scene_contact.h"

using namespace contactsim;

namespace {

// "cube.stl" is a 1 m cube (a 0.5 m contact-sphere radius by Modia3D's FileMesh rule).
TriMesh cubeLoader(const SceneMesh&) { return makeBox(Vec3::Constant(0.5)); }

Scene sceneWith(const std::string& contact, const std::string& material = "steel") {
  const std::string text = R"({"materials": [{"name": "steel", "density": 7850,
      "young_modulus": 2.1e11, "poisson_ratio": 0.3}, {"name": "plain", "density": 1000}],
    "bodies": [
      {"name": "floor", "fixed": true, "mesh": {"file": "cube.stl"}, "material": ")" +
                           material +
                           R"("},
      {"name": "a", "mesh": {"file": "cube.stl"}, "material": "steel", "position": [0, 0, 2]},
      {"name": "b", "mesh": {"file": "cube.stl"}, "material": "steel", "position": [0, 0, 4]}],
    "joints": [{"name": "j", "type": "spherical", "body_a": "a", "body_b": "b",
                "point": [0, 0, 3]}],
    "contact": )" + contact +
                           "}";
  return parseScene(text, "/scenes/t.json", cubeLoader);
}

}  // namespace

TEST_CASE("all pairs skip jointed pairs; laws take the file's parameters", "[scene-contact]") {
  const Scene scene = sceneWith(R"({"pairs": "all",
      "law": {"model": "hunt-crossley", "stiffness": 2e9, "restitution": 0.4,
              "min_impact_velocity": 0.05},
      "overrides": [{"bodies": ["b", "floor"], "law": {"model": "modia3d", "restitution": 0.6}}]})");
  const auto pairs = contactPairsFromScene(scene);
  REQUIRE(pairs.size() == 2);  // floor–a, floor–b; a–b are jointed
  CHECK(pairs[0].body_a == 0);
  CHECK(pairs[0].body_b == 1);
  const auto& hc = std::get<HuntCrossleyLaw>(pairs[0].law.normal);
  CHECK(hc.stiffness == 2e9);
  CHECK(hc.restitution == 0.4);
  CHECK(hc.min_impact_velocity == 0.05);
  const auto& modia = std::get<Modia3dLaw>(pairs[1].law.normal);
  CHECK(modia.restitution == 0.6);
  // Two steel bodies: c_res = E/(1−ν²)/2; two 0.5 m spheres: μ_r,geo = 0.25 m.
  CHECK(modia.effective_modulus == Approx(2.1e11 / 0.91 / 2));
  CHECK(modia.geometry_radius == Approx(0.25));
  CHECK(std::holds_alternative<CoulombFriction>(pairs[1].law.friction));
  CHECK_FALSE(pairs[1].law.spread_damping);
}

TEST_CASE("a law that needs material data names the pair and the material", "[scene-contact]") {
  const Scene scene = sceneWith(R"({"law": {"model": "hertz-stribeck"}})", "plain");
  REQUIRE_THROWS_WITH(contactPairsFromScene(scene), Catch::Contains("/scenes/t.json") &&
                                                        Catch::Contains("'floor'–'a'") &&
                                                        Catch::Contains("material 'plain'"));
}
