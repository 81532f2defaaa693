#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>

#include "cli_runner.h"

using namespace contactsim::testing;

namespace {
const std::string kModels = std::string(CONTACTSIM_SOURCE_DIR) + "/assets/models/";
}

TEST_CASE("contact --json: a sphere pressed into the plate", "[cli]") {
  // icosphere R = 0.1 m with its centre 0.09 m above the plate's top face (z = 0): 1 cm deep,
  // contact circle of radius √(0.1² − 0.09²).
  const CliResult r = runCli({"contact", kModels + "icosphere.stl", kModels + "plate.stl",
                              "--pose-a", "0,0,0.09,0,0,0", "--repeat", "3", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j.at("regions").size() == 1);
  const auto& region = j.at("regions").at(0);
  for (const char* key : {"id", "centroid", "normal", "indentation", "area", "contour", "loops",
                          "triangles_a", "triangles_b"}) {
    CHECK(region.contains(key));
  }
  CHECK(region.at("normal").at(2).get<double>() < -0.999);  // from the sphere (A) into the plate
  CHECK(region.at("indentation").get<double>() == Approx(0.01).epsilon(0.05));
  CHECK(region.at("area").get<double>() ==
        Approx(std::numbers::pi * (0.01 - 0.0081)).epsilon(0.02));
  CHECK(std::hypot(region.at("centroid").at(0).get<double>(),
                   region.at("centroid").at(1).get<double>()) < 1e-3);
  CHECK(region.at("contour").size() > 10);
  CHECK(j.at("containment") == "none");
  CHECK(j.at("query_seconds").get<double>() > 0.0);
}

TEST_CASE("contact: separated meshes have no regions; bad poses are named errors", "[cli]") {
  const CliResult apart = runCli({"contact", kModels + "icosphere.stl", kModels + "plate.stl",
                                  "--pose-a", "0,0,1,0,0,0", "--json"});
  REQUIRE(apart.exit_code == 0);
  CHECK(nlohmann::json::parse(apart.out).at("regions").empty());

  const CliResult bad = runCli(
      {"contact", kModels + "icosphere.stl", kModels + "plate.stl", "--pose-a", "0,0,nan,0,0,0"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::StartsWith("error: --pose-a '0,0,nan,0,0,0'"));
  const CliResult short_pose =
      runCli({"contact", kModels + "icosphere.stl", kModels + "plate.stl", "--pose-b", "1,2,3"});
  CHECK(short_pose.exit_code == 2);
  CHECK_THAT(short_pose.err, Catch::Contains("six numbers"));
}
