// Keyframes (docs/scene-format.md, `keyframes[]`): named states of the bodies that a run starts
// from instead of their initial state. Read with one-line errors; a run started from a keyframe
// saved at time T moves as the closed form from that state says.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "scene/scene_reader.h"
#include "sim/simulation.h"

using namespace contactsim;
using nlohmann::json;

namespace {

TriMesh noMeshes(const SceneMesh& request) {
  throw std::runtime_error(request.file.string() + ": not expected");
}

// A mesh-less free brick thrown in gravity and spinning about its major axis (a stable spin),
// and a fixed anchor body.
json thrownBrick() {
  return {{"gravity", {0, 0, -9.81}},
          {"solver", {{"time_step", 0.001}}},
          {"bodies",
           {{{"name", "ground"}, {"fixed", true}},
            {{"name", "brick"},
             {"mass", 2.0},
             {"inertia", {0.02, 0.025, 0.03, 0, 0, 0}},
             {"position", {0, 0, 1}},
             {"linear_velocity", {1, 0, 3}},
             {"angular_velocity", {0, 0, 4}}}}}};
}

std::string errorOf(const json& scene) {
  try {
    parseScene(scene.dump(), "/scenes/k.json", noMeshes);
  } catch (const SceneError& e) {
    return e.what();
  }
  FAIL("no error");
  return {};
}

}  // namespace

TEST_CASE("keyframes: read, applied, and refused with the field named", "[scene][keyframes]") {
  json scene = thrownBrick();
  scene["keyframes"] = json::parse(R"([{"name": "up high", "time": 0.5,
      "bodies": {"brick": {"position": [2, 0, 5], "orientation": [0, 0, 0, 2]}}}])");
  Scene read = parseScene(scene.dump(), "/scenes/k.json", noMeshes);
  REQUIRE(read.keyframes.size() == 1);
  CHECK(read.keyframes[0].time == 0.5);
  applyKeyframe(read, "up high");
  const SceneBody& brick = read.bodies[1];
  CHECK(brick.pose.translation == Vec3(2, 0, 5));
  CHECK((brick.pose.rotation - Eigen::AngleAxisd(M_PI, Vec3::UnitZ()).toRotationMatrix()).norm() <
        1e-15);
  // Fields the keyframe leaves out keep the body's own.
  CHECK(brick.linear_velocity == Vec3(1, 0, 3));
  CHECK(brick.angular_velocity == Vec3(0, 0, 4));

  CHECK_THROWS_WITH(applyKeyframe(read, "low"),
                    "/scenes/k.json: no keyframe 'low' (it has up high)");
  json bad = scene;
  bad["keyframes"][0]["bodies"]["nobody"] = json::object();
  CHECK(errorOf(bad) == "/scenes/k.json: keyframes[0].bodies.nobody: unknown body 'nobody'");
  bad = scene;
  bad["keyframes"].push_back(scene["keyframes"][0]);
  CHECK_THAT(errorOf(bad), Catch::Contains("keyframes[1].name: duplicate keyframe name"));
  bad = scene;
  bad["keyframes"][0]["bodies"]["brick"]["orientation"] = {0, 0, 0, 0};
  CHECK_THAT(errorOf(bad),
             Catch::Contains("keyframes[0].bodies.brick.orientation: zero quaternion"));
  bad = scene;
  bad["keyframes"][0]["bodies"]["brick"]["speed"] = 1;
  CHECK_THAT(errorOf(bad), Catch::StartsWith("/scenes/k.json: keyframes[0].bodies.brick"));
  bad = scene;
  bad["keyframes"][0].erase("bodies");
  CHECK(errorOf(bad) == "/scenes/k.json: keyframes[0].bodies: required");
}

TEST_CASE("a run from a keyframe saved at T moves on from that state", "[scene][keyframes]") {
  // Run the brick to T = 0.4 s, save its state as a keyframe, start a new run from it: the
  // free flight from there is x(t) = x_T + v_T t + ½ g t² (the trapezoidal rule integrates a
  // constant acceleration exactly), the spin about the major axis is kept.
  const json base = thrownBrick();
  Simulation original(parseScene(base.dump(), "/scenes/k.json", noMeshes));
  while (original.time() < 0.4 - 1e-9) original.step();
  const BodyState at_T = original.frame().bodies[1];
  const Eigen::Quaterniond q = canonicalQuaternion(at_T.pose.rotation);
  const auto array = [](const Vec3& v) { return json::array({v.x(), v.y(), v.z()}); };
  json state = json::object();
  state["position"] = array(at_T.pose.translation);
  state["orientation"] = json::array({q.w(), q.x(), q.y(), q.z()});
  state["linear_velocity"] = array(at_T.linear_velocity);
  state["angular_velocity"] = array(at_T.angular_velocity);
  json keyframe = json::object();
  keyframe["name"] = "T";
  keyframe["time"] = original.time();
  keyframe["bodies"]["brick"] = state;
  json with_keyframe = base;
  with_keyframe["keyframes"] = json::array({keyframe});
  Scene scene = parseScene(with_keyframe.dump(), "/scenes/k.json", noMeshes);
  applyKeyframe(scene, "T");
  Simulation resumed(std::move(scene));
  const BodyState start = resumed.frame().bodies[1];
  CHECK((start.pose.translation - at_T.pose.translation).norm() < 1e-14);
  CHECK((start.pose.rotation - at_T.pose.rotation).norm() < 1e-14);
  CHECK((start.linear_velocity - at_T.linear_velocity).norm() < 1e-12);
  for (int k = 0; k < 300; ++k) resumed.step();
  const double t = resumed.time();
  const BodyState end = resumed.frame().bodies[1];
  // The body origin is its centre of mass here (no mesh, centre of mass at the origin).
  const Vec3 expected =
      at_T.pose.translation + at_T.linear_velocity * t + 0.5 * Vec3(0, 0, -9.81) * t * t;
  CHECK((end.pose.translation - expected).norm() < 1e-12 * expected.norm() * 300);
  // The spin, a free motion the rule integrates to O(h²) rather than exactly: kept to 1e-6 of it.
  CHECK((end.angular_velocity - Vec3(0, 0, 4)).norm() < 1e-6 * 4.0);
}
