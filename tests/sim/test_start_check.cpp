// The start check (issue 20): pairs interpenetrating at t = 0 are reported with depth, place and
// a lift hint; settled or touching contact is only counted; containment is an error.
#include <catch2/catch.hpp>
#include <cstdio>

#include "geometry/primitives.h"
#include "scene/scene_reader.h"
#include "sim/start_check.h"

using namespace contactsim;

namespace {

constexpr double kRadius = 0.1;
constexpr int kLevel = 3;  // 1280 triangles

TriMesh ball() { return makeIcosphere(kRadius, kLevel); }

// The largest gap between the faceted sphere and the true one: how far a face plane lies inside
// the radius. The deepest point of the mesh is somewhere between r − this and r.
double chordalError(const TriMesh& mesh) {
  double nearest = kRadius;
  for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
    const Vec3 &a = mesh.corner(t, 0), &b = mesh.corner(t, 1), &c = mesh.corner(t, 2);
    const Vec3 n = (b - a).cross(c - a).normalized();
    nearest = std::min(nearest, std::abs(n.dot(a)));
  }
  return kRadius - nearest;
}

// The ball's lowest vertex in its own frame (< 0): where it first meets the plate.
double lowestVertex(const TriMesh& mesh) {
  double lowest = 0.0;
  for (const Vec3& v : mesh.vertices()) lowest = std::min(lowest, v.z());
  return lowest;
}

TriMesh loader(const SceneMesh& request) {
  if (request.file.filename() == "plate.stl")
    return makePlate(1.0, 1.0, 0.1, 10);  // top face at z = 0
  if (request.file.filename() == "block.stl") return makeBox(Vec3::Constant(0.5), 2);
  return ball();
}

struct Placed {
  std::string name, mesh;
  Vec3 position;
  bool fixed = false;
};

// Every digit: the 1 µm placement must survive the trip through the scene text.
std::string vec(const Vec3& v) {
  char text[96];
  std::snprintf(text, sizeof text, "[%.17g, %.17g, %.17g]", v.x(), v.y(), v.z());
  return text;
}

Scene sceneOf(const std::vector<Placed>& bodies) {
  std::string text = R"({"materials": [{"name": "steel", "density": 7850}], "bodies": [)";
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    const Placed& b = bodies[i];
    text += std::string(i ? ", " : "") + R"({"name": ")" + b.name + R"(", "fixed": )" +
            (b.fixed ? "true" : "false") + R"(, "mesh": {"file": ")" + b.mesh +
            R"("}, "material": "steel", "position": )" + vec(b.position) + "}";
  }
  text += R"(], "contact": {"pairs": "all", "law": {"model": "hunt-crossley", "stiffness": 1e9}}})";
  return parseScene(text, "/scenes/start.json", loader);
}

}  // namespace

TEST_CASE("a sphere placed 35 mm into a plate is reported with depth, place and lift",
          "[start-check]") {
  const TriMesh mesh = ball();
  const double chordal = chordalError(mesh);
  REQUIRE(chordal < 0.035 / 10);  // the check below means something
  const Vec3 centre(0.12, -0.07, kRadius - 0.035);
  const StartCheck check = checkStart(
      sceneOf({{"plate", "plate.stl", Vec3::Zero(), true}, {"ball", "ball.stl", centre}}));
  REQUIRE(check.overlaps.size() == 1);
  CHECK(check.small_overlaps == 0);
  const StartOverlap& o = check.overlaps.front();
  CHECK(o.body_a == "plate");
  CHECK(o.body_b == "ball");
  CHECK(std::abs(o.depth - 0.035) <= chordal);
  // The contour is the circle where the sphere crosses the plate's top face, around the centre.
  const double contact_radius =
      std::sqrt(kRadius * kRadius - (kRadius - 0.035) * (kRadius - 0.035));
  CHECK((o.where.head<2>() - centre.head<2>()).norm() < 0.05 * contact_radius);
  CHECK(std::abs(o.where.z()) < chordal);
  // Lifting the ball: up, by δ.
  CHECK(o.lift_direction.dot(Vec3::UnitZ()) > 0.999);
  CHECK(o.lift_distance == o.depth);
  CHECK(o.threshold == Approx(1e-3 * mesh.scale()));
  const std::string line = describe(o);
  CHECK(line.find('\n') == std::string::npos);
  CHECK_THAT(line, Catch::StartsWith("'plate'–'ball' start 3") && Catch::Contains(" mm ") &&
                       Catch::Contains("lift 'ball'"));
}

TEST_CASE("a sphere touching the plate or settled 1 µm into it is not reported", "[start-check]") {
  const double touching_z = -lowestVertex(ball());
  SECTION("touching") {
    const StartCheck check = checkStart(sceneOf({{"plate", "plate.stl", Vec3::Zero(), true},
                                                 {"ball", "ball.stl", Vec3(0, 0, touching_z)}}));
    CHECK(check.overlaps.empty());
    CHECK(check.small_overlaps <= 1);  // touching may or may not register as a contact
  }
  SECTION("1 µm in") {
    const StartCheck check =
        checkStart(sceneOf({{"plate", "plate.stl", Vec3::Zero(), true},
                            {"ball", "ball.stl", Vec3(0, 0, touching_z - 1e-6)}}));
    CHECK(check.overlaps.empty());
    CHECK(check.small_overlaps == 1);
    CHECK_THAT(describeSmallOverlaps(check),
               Catch::StartsWith("start check: 1 pair touches or overlaps by at most 0.001"));
  }
  SECTION("apart") {
    const StartCheck check = checkStart(sceneOf(
        {{"plate", "plate.stl", Vec3::Zero(), true}, {"ball", "ball.stl", Vec3(0, 0, 0.5)}}));
    CHECK(check.overlaps.empty());
    CHECK(check.small_overlaps == 0);
    CHECK(describeSmallOverlaps(check).empty());
  }
}

TEST_CASE("a body entirely inside another is the containment error naming the pair",
          "[start-check]") {
  const Scene scene = sceneOf(
      {{"block", "block.stl", Vec3::Zero(), true}, {"ball", "ball.stl", Vec3(0.05, 0.0, 0.1)}});
  REQUIRE_THROWS_AS(checkStart(scene), SceneError);
  REQUIRE_THROWS_WITH(checkStart(scene), Catch::Contains("/scenes/start.json") &&
                                             Catch::Contains("'block'–'ball'") &&
                                             Catch::Contains("'ball' is entirely inside 'block'") &&
                                             !Catch::Contains("\n"));
}

TEST_CASE("the depth does not depend on which body comes first", "[start-check]") {
  const Vec3 centre(0.03, 0.02, kRadius - 0.02);
  const StartCheck plate_first = checkStart(
      sceneOf({{"plate", "plate.stl", Vec3::Zero(), true}, {"ball", "ball.stl", centre}}));
  const StartCheck ball_first = checkStart(
      sceneOf({{"ball", "ball.stl", centre}, {"plate", "plate.stl", Vec3::Zero(), true}}));
  REQUIRE(plate_first.overlaps.size() == 1);
  REQUIRE(ball_first.overlaps.size() == 1);
  const StartOverlap &p = plate_first.overlaps.front(), &b = ball_first.overlaps.front();
  CHECK(b.body_a == "ball");
  CHECK(b.body_b == "plate");
  // Same geometry, so the same δ and place up to rounding relative to the model's size.
  CHECK(b.depth == Approx(p.depth).margin(1e-9 * kRadius));
  CHECK((b.where - p.where).norm() < 1e-6 * kRadius);
  // The lift moves the other body: the plate down.
  CHECK(b.lift_direction.dot(-p.lift_direction) > 1.0 - 1e-9);
}
