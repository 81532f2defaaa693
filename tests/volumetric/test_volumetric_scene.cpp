// `contact.geometry` in a scene (issue 16): "patch" | "volumetric", overridable per pair; the
// volumetric pairs run in VolumetricForceSource and are left out of the patch source.
#include <catch2/catch.hpp>

#include "geometry/primitives.h"
#include "scene/scene_reader.h"
#include "sim/scene_contact.h"
#include "sim/simulation.h"
#include "volumetric/volumetric_force_source.h"

using namespace contactsim;

namespace {

const Vec3 kHalf(0.1, 0.1, 0.05);

TriMesh loader(const SceneMesh& request) {
  if (request.file.filename() == "plate.stl") return makePlate(1.0, 1.0, 0.02, 4);
  return makeBox(kHalf, 2);
}

// A fixed plate (top face at z = 0.01) with two boxes resting 1 mm above it, far apart.
Scene sceneWith(const std::string& contact) {
  const std::string text = R"({"materials": [{"name": "m", "density": 1000}],
    "bodies": [
      {"name": "plate", "fixed": true, "mesh": {"file": "plate.stl"}, "material": "m"},
      {"name": "a", "mesh": {"file": "box.stl"}, "material": "m", "position": [-0.3, 0, 0.061]},
      {"name": "b", "mesh": {"file": "box.stl"}, "material": "m", "position": [0.3, 0, 0.061]}],
    "solver": {"time_step": 5e-4},
    "contact": )" + contact +
                           "}";
  return parseScene(text, "/scenes/v.json", loader);
}

constexpr const char* kLaw =
    R"("law": {"model": "hunt-crossley", "stiffness": 1e8, "restitution": 0.3})";

}  // namespace

TEST_CASE("contact.geometry: default, scene-wide and per pair", "[volumetric_scene]") {
  const Scene patch = sceneWith(std::string("{") + kLaw + "}");
  CHECK(contactGeometryOf(patch, 0, 1) == ContactGeometry::Patch);
  const Scene mixed = sceneWith(std::string("{") + kLaw + R"(, "geometry": "volumetric",
      "overrides": [{"bodies": ["b", "plate"], "geometry": "patch"}]})");
  CHECK(contactGeometryOf(mixed, 0, 1) == ContactGeometry::Volumetric);
  CHECK(contactGeometryOf(mixed, 1, 0) == ContactGeometry::Volumetric);
  CHECK(contactGeometryOf(mixed, 0, 2) == ContactGeometry::Patch);
  // An override with only a geometry keeps the scene's law.
  const auto pairs = contactPairsFromScene(mixed);
  REQUIRE(pairs.size() == 3);
  for (const auto& pair : pairs) CHECK(std::get<HuntCrossleyLaw>(pair.law.normal).stiffness == 1e8);
  REQUIRE_THROWS_WITH(sceneWith(R"({"geometry": "voxels"})"),
                      Catch::Contains("contact.geometry") && Catch::Contains("volumetric"));
  REQUIRE_THROWS_WITH(sceneWith(R"({"overrides": [{"bodies": ["a", "plate"]}]})"),
                      Catch::Contains("required"));
}

TEST_CASE("a scene runs its volumetric pairs beside its patch pairs", "[volumetric_scene]") {
  Scene scene = sceneWith(std::string("{") + kLaw + R"(, "pairs": [["plate", "a"], ["plate", "b"]],
      "overrides": [{"bodies": ["plate", "a"], "geometry": "volumetric"}]})");
  REQUIRE_THROWS_WITH(Simulation(scene), Catch::Contains("volumetric"));
  Simulation sim(scene, {}, nullptr, volumetric::volumetricSourceFactory());
  REQUIRE(sim.contacts() != nullptr);
  REQUIRE(sim.volumetricContacts() != nullptr);
  CHECK(sim.contacts()->pairs().size() == 1);  // plate–b only
  while (sim.time() < 0.4) sim.step();
  const double weight = 1000.0 * 8.0 * kHalf.prod() * 9.81;
  Vec3 on_a = Vec3::Zero(), on_b = Vec3::Zero();
  for (const ContactDiagnostics& c : sim.frame().contacts)
    (c.body_b == 1 ? on_a : on_b) += c.force();
  INFO("volumetric " << on_a.transpose() << ", patch " << on_b.transpose());
  CHECK(on_a.z() == Approx(weight).epsilon(0.01));
  CHECK(on_b.z() == Approx(weight).epsilon(0.01));
  for (const ContactDiagnostics& c : sim.volumetricContacts()->contacts()) {
    CHECK(c.body_b == 1);
    CHECK(!c.intersection_surface_world.empty());
    CHECK(c.piece_a == 0);
    CHECK(c.piece_b == 0);
  }
  // A patch has no intersection polyhedron: the GUI's volume layer stays empty for it.
  for (const ContactDiagnostics& c : sim.contacts()->contacts()) {
    CHECK(c.intersection_surface_world.empty());
    CHECK(c.intersection_volume == 0.0);
    CHECK(c.piece_a == -1);
    CHECK(c.piece_b == -1);
  }
}

TEST_CASE("contact.sparsify thresholds reach the volumetric source", "[volumetric_scene]") {
  const Scene scene = sceneWith(std::string("{") + kLaw + R"(, "geometry": "volumetric",
      "sparsify": {"min_area": 1.0, "min_distance": 0.02, "max_normal_angle": 5}})");
  REQUIRE(scene.contact->sparsify.min_area == 1.0);
  CHECK(scene.contact->sparsify.min_distance == 0.02);
  CHECK(scene.contact->sparsify.max_normal_angle == 5.0);
  // A minimum area of 1 m² drops every point: the boxes meet the plate and find no support.
  Simulation sim(scene, {}, nullptr, volumetric::volumetricSourceFactory());
  while (sim.time() < 0.05) sim.step();
  const auto& source =
      dynamic_cast<const volumetric::VolumetricForceSource&>(*sim.volumetricContacts());
  CHECK(source.statistics().points_before > 0);
  CHECK(source.statistics().points_after == 0);
  CHECK(source.contacts().empty());
  REQUIRE_THROWS_WITH(sceneWith(R"({"sparsify": {"min_area": -1}})"),
                      Catch::Contains("contact.sparsify.min_area"));
  REQUIRE_THROWS_WITH(sceneWith(R"({"sparsify": {"max_normal_angle": 200}})"),
                      Catch::Contains("max_normal_angle"));
  REQUIRE_THROWS_WITH(sceneWith(R"({"sparsify": {"distance": 1}})"),
                      Catch::Contains("unknown key"));
}

TEST_CASE("the volumetric broad phase skips pairs whose boxes are apart and changes nothing",
          "[volumetric_scene]") {
  // "all" adds the pair a–b, 0.4 m apart all along: it must cost no piece test and change no
  // number. Both boxes start 1 mm above the plate, so the plate pairs are skipped until they land.
  const auto run = [](const std::string& pairs) {
    auto sim = std::make_unique<Simulation>(
        sceneWith(std::string("{") + kLaw + R"(, "geometry": "volumetric", "pairs": )" + pairs +
                  "}"),
        ContactOptions{}, nullptr, volumetric::volumetricSourceFactory());
    while (sim->time() < 0.1) sim->step();
    return sim;
  };
  const auto all = run(R"("all")");
  const auto listed = run(R"([["plate", "a"], ["plate", "b"]])");
  const auto& all_source =
      dynamic_cast<const volumetric::VolumetricForceSource&>(*all->volumetricContacts());
  const auto& listed_source =
      dynamic_cast<const volumetric::VolumetricForceSource&>(*listed->volumetricContacts());
  REQUIRE(all_source.pairs().size() == 3);
  REQUIRE(listed_source.pairs().size() == 2);
  const volumetric::VolumetricStatistics &s_all = all_source.statistics(),
                                         &s_listed = listed_source.statistics();
  CHECK(s_listed.pair_evaluations_skipped > 0);  // the fall
  CHECK(s_all.pair_evaluations_skipped > s_listed.pair_evaluations_skipped);
  CHECK(s_all.piece_pairs_tested == s_listed.piece_pairs_tested);
  CHECK(s_all.geometry_evaluations == s_listed.geometry_evaluations);
  REQUIRE(s_listed.points_after > 0);  // they landed
  const SimulationFrame &f_all = all->frame(), &f_listed = listed->frame();
  for (std::size_t body = 0; body < f_all.bodies.size(); ++body) {
    CHECK(f_all.bodies[body].pose.translation == f_listed.bodies[body].pose.translation);
    CHECK(f_all.bodies[body].linear_velocity == f_listed.bodies[body].linear_velocity);
  }
}
