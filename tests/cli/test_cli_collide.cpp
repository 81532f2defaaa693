#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_runner.h"

using namespace contactsim::testing;

namespace {
const std::string kModels = std::string(CONTACTSIM_SOURCE_DIR) + "/assets/models/";
}

TEST_CASE("collide --json: segments in world coordinates on the plate's top face", "[cli]") {
  // Sphere R = 0.1 sunk 1 cm into the plate; the plate moved by (5, -2, 3): every segment lies on
  // the moved top face z = 3 within the circle of radius √(0.1² − 0.09²) around (5, -2).
  const CliResult r =
      runCli({"collide", kModels + "icosphere.stl", kModels + "plate.stl", "--pose-a",
              "5,-2,3.09,0,0,0", "--pose-b", "5,-2,3,0,0,0", "--repeat", "3", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j.at("pair_count").get<int>() > 20);
  CHECK(j.at("pairs").size() == j.at("pair_count").get<std::size_t>());
  CHECK(j.at("triangle_tests").get<int>() >= j.at("pair_count").get<int>());
  CHECK(j.at("box_tests").get<int>() > 0);
  CHECK(j.at("query_seconds").get<double>() > 0);
  const double radius = std::sqrt(0.01 - 0.0081);
  for (const auto& pair : j.at("pairs")) {
    REQUIRE(pair.at("coplanar") == false);
    for (const auto& p : pair.at("segment")) {
      CHECK(p.at(2).get<double>() == Approx(3.0).margin(1e-9));
      const double r_xy = std::hypot(p.at(0).get<double>() - 5, p.at(1).get<double>() + 2);
      CHECK(r_xy == Approx(radius).epsilon(0.02));
    }
  }
}

TEST_CASE("collide: touching coplanar faces are coplanar pairs without segments", "[cli]") {
  // Two 0.2 m boxes stacked face to face.
  const CliResult r = runCli(
      {"collide", kModels + "box.stl", kModels + "box.stl", "--pose-a", "0,0,0.2,0,0,0", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j.at("pair_count").get<int>() > 0);
  int coplanar = 0;
  for (const auto& pair : j.at("pairs")) {
    if (pair.at("coplanar") == true) {
      ++coplanar;
      CHECK_FALSE(pair.contains("segment"));
    }
  }
  CHECK(coplanar > 0);
}

TEST_CASE("collide: bad input exits 2 naming the culprit", "[cli]") {
  const CliResult r =
      runCli({"collide", kModels + "box.stl", kModels + "box.stl", "--repeat", "0"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::StartsWith("error: --repeat"));
  const CliResult m = runCli({"collide", kModels + "box.stl", "/nonexistent/b.obj"});
  CHECK(m.exit_code == 2);
  CHECK(m.err == "error: /nonexistent/b.obj: no such file\n");
}
