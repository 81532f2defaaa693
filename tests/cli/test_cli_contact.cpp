#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "../test_output_dir.h"
#include "cli_runner.h"
#include "geometry/types.h"

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
  for (const char* key : {"id", "centroid", "normal", "indentation", "law_indentation",
                          "pressure_centre", "force_point", "area", "overlap_volume", "contour",
                          "loops", "triangles_a", "triangles_b"}) {
    CHECK(region.contains(key));
  }
  CHECK(region.at("normal").at(2).get<double>() < -0.999);  // from the sphere (A) into the plate
  CHECK(region.at("indentation").get<double>() == Approx(0.01).epsilon(0.05));
  // On a convex cap the column under the centroid is the deepest one: the law gets δ too, at
  // the centre of pressure on the axis.
  CHECK(region.at("law_indentation").get<double>() == Approx(0.01).epsilon(0.05));
  // The cap below the plate's face, π h²(3R − h)/3 for the ball, a little less for its facets
  // (test_overlap_volume bounds a faceted ball's cap from both sides).
  CHECK(region.at("overlap_volume").get<double>() ==
        Approx(std::numbers::pi * 1e-4 * (0.3 - 0.01) / 3).epsilon(0.05));
  CHECK(std::hypot(region.at("pressure_centre").at(0).get<double>(),
                   region.at("pressure_centre").at(1).get<double>()) < 1e-3);
  // The force acts in the overlap's middle on the axis: the cap's bottom 1 cm below the plate's
  // face, which the contour's plane is.
  CHECK(region.at("force_point").at(2).get<double>() == Approx(-0.005).margin(1e-4));
  CHECK(region.at("area").get<double>() ==
        Approx(std::numbers::pi * (0.01 - 0.0081)).epsilon(0.02));
  CHECK(std::hypot(region.at("centroid").at(0).get<double>(),
                   region.at("centroid").at(1).get<double>()) < 1e-3);
  CHECK(region.at("contour").size() > 10);
  CHECK(j.at("containment") == "none");
  CHECK(j.at("query_seconds").get<double>() > 0.0);
}

TEST_CASE(
    "contact --json: the shipped pin in its bore: the force acts in the overlap, not on the "
    "chord",
    "[cli][conforming]") {
  // pin.stl (48 mm) moved e toward the wall of bore_plate.stl (50 mm): along the line of centres
  // the pin's mesh reaches 48.000 mm from its axis and the bore's wall lies 49.953 mm from its
  // own (their facets, README "Conforming contact"), so the overlap's middle on that line lies
  // (48.000 + 49.953 − e)/2 from the pin's axis, while the contour's plane is a chord well inside
  // the pin. The force point is the centre of pressure moved along the normal to that middle.
  for (const double e : {2.1e-3, 2.5e-3, 3.0e-3}) {
    const std::string pose = std::to_string(e) + ",0,-0.08,0,0,0";
    const CliResult r = runCli(
        {"contact", kModels + "pin.stl", kModels + "bore_plate.stl", "--pose-a", pose, "--json"});
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.at("regions").size() == 1);
    const auto& region = j.at("regions").at(0);
    const auto fromPinAxis = [e](const nlohmann::json& p) {
      return std::hypot(p.at(0).get<double>() - e, p.at(1).get<double>());
    };
    const double middle = 0.5 * (48.000e-3 + 49.953e-3 - e);
    INFO("e = " << e << ": force point " << fromPinAxis(region.at("force_point"))
                << " m from the pin's axis, pressure centre "
                << fromPinAxis(region.at("pressure_centre")));
    CHECK(fromPinAxis(region.at("force_point")) == Approx(middle).margin(1e-5));
    CHECK(fromPinAxis(region.at("pressure_centre")) <
          48e-3 - region.at("indentation").get<double>());
  }
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

namespace {

// An ASCII STL of axis-aligned boxes, one solid (shell) per box, in the given order.
std::string writeBoxesStl(const std::string& name,
                          const std::vector<std::pair<contactsim::Vec3, contactsim::Vec3>>& boxes) {
  const auto path = contactsim::testing::testOutputDir("cli_contact_volumetric") / name;
  std::ofstream out(path);
  for (std::size_t b = 0; b < boxes.size(); ++b) {
    // Named references, not a structured binding: clang 14 does not let a lambda capture one.
    const contactsim::Vec3& lo = boxes[b].first;
    const contactsim::Vec3& hi = boxes[b].second;
    const auto corner = [&](int i) {
      return contactsim::Vec3((i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(),
                              (i & 4) ? hi.z() : lo.z());
    };
    // Two outward triangles per face, corners as bit masks of (x, y, z) = hi.
    const int faces[12][3] = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                              {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
    out << "solid piece" << b << "\n";
    for (const auto& f : faces) {
      out << " facet normal 0 0 0\n  outer loop\n";
      for (int k : f) {
        const contactsim::Vec3 p = corner(k);
        out << "   vertex " << p.x() << ' ' << p.y() << ' ' << p.z() << "\n";
      }
      out << "  endloop\n endfacet\n";
    }
    out << "endsolid piece" << b << "\n";
  }
  return path.string();
}

}  // namespace

TEST_CASE("contact --json: a split region's piece that no contour reaches has an empty contour",
          "[cli]") {
  // The anchor's shank in the hawse pipe at t = 10.178 s of a heave (a run's CSV): until
  // 2026-12-03 one region split into three pieces, one of them wholly inside the contour's span,
  // holding no segment of it, whose `loops` were empty; the outer loop taken of nothing crashed
  // the command. The region is the shank's edge on the pipe's lip, which now stays whole (one
  // side's facing triangles within the cone, docs/method.md "Splitting non-planar regions"), and
  // no shipped pose found since (60 of the heave's split steps, gear and thread scans) gives a
  // piece without a contour: the command must still answer, and any such piece say so.
  const CliResult r =
      runCli({"contact", kModels + "hull.stl", kModels + "anchor_shank.stl", "--pose-b",
              "16.9430512,1.68855649,1.872331531,0.214097760954,-0.347634562979,"
              "-0.235127849824",
              "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  int without_contour = 0;
  for (const auto& region : j.at("regions")) {
    if (region.at("loops").empty()) {
      ++without_contour;
      CHECK(region.at("contour").empty());
      CHECK(region.at("area").get<double>() > 0.0);
    }
  }
  CHECK(j.at("regions").size() >= 1);
  CHECK(without_contour == 0);
}

TEST_CASE("contact --geometry volumetric: a sphere pressed into the plate", "[cli][volumetric]") {
  // The same 1 cm indentation as above: the intersection is a spherical cap of height h = 0.01
  // under the inscribed icosphere, volume π h² (3R − h)/3, surface π(R² − (R−h)²) + 2πRh.
  const CliResult r = runCli({"contact", kModels + "icosphere.stl", kModels + "plate.stl",
                              "--pose-a", "0,0,0.09,0,0,0", "--geometry", "volumetric", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("geometry") == "volumetric");
  CHECK(j.at("pieces_a") == 1);
  CHECK(j.at("pieces_b") == 1);
  CHECK(j.at("warnings").empty());
  REQUIRE(j.at("points").size() == 1);
  const auto& p = j.at("points").at(0);
  for (const char* key : {"point", "normal", "area", "gap", "volume", "pieces"}) {
    CHECK(p.contains(key));
  }
  const double R = 0.1, h = 0.01, pi = std::numbers::pi;
  CHECK(p.at("normal").at(2).get<double>() < -0.999999);  // from the sphere (A) into the plate
  CHECK(p.at("gap").get<double>() == Approx(-h).epsilon(1e-5));
  CHECK(p.at("volume").get<double>() == Approx(pi * h * h * (3 * R - h) / 3).epsilon(0.03));
  CHECK(p.at("area").get<double>() ==
        Approx(0.5 * (pi * (R * R - (R - h) * (R - h)) + 2 * pi * R * h)).epsilon(0.03));
  CHECK(p.at("point").at(2).get<double>() < 0.0);
  CHECK(p.at("point").at(2).get<double>() > -h);
  CHECK(p.at("pieces") == nlohmann::json::array({0, 0}));

  const CliResult apart = runCli({"contact", kModels + "icosphere.stl", kModels + "plate.stl",
                                  "--pose-a", "0,0,1,0,0,0", "--geometry", "volumetric", "--json"});
  REQUIRE(apart.exit_code == 0);
  CHECK(nlohmann::json::parse(apart.out).at("points").empty());

  const CliResult bad =
      runCli({"contact", kModels + "icosphere.stl", kModels + "plate.stl", "--geometry", "voxels"});
  CHECK(bad.exit_code != 0);
  CHECK_THAT(bad.err, Catch::Contains("--geometry"));
}

TEST_CASE("contact --geometry volumetric: pieces of a file are its shells", "[cli][volumetric]") {
  using contactsim::Vec3;
  // A: two unit cubes (pieces 0, 1); B: a 0.5 cube sunk 0.2 into the top of A's second cube.
  const std::string a = writeBoxesStl(
      "two_cubes.stl", {{Vec3(0, 0, 0), Vec3(1, 1, 1)}, {Vec3(3, 0, 0), Vec3(4, 1, 1)}});
  const std::string b =
      writeBoxesStl("probe.stl", {{Vec3(3.25, 0.25, 0.8), Vec3(3.75, 0.75, 1.3)}});
  const CliResult r = runCli({"contact", a, b, "--geometry", "volumetric", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("pieces_a") == 2);
  CHECK(j.at("pieces_b") == 1);
  REQUIRE(j.at("points").size() == 1);
  const auto& p = j.at("points").at(0);
  CHECK(p.at("pieces") == nlohmann::json::array({1, 0}));
  CHECK(p.at("gap").get<double>() == Approx(-0.2).epsilon(1e-6));
  CHECK(p.at("volume").get<double>() == Approx(0.5 * 0.5 * 0.2).epsilon(1e-6));
  CHECK(p.at("area").get<double>() == Approx(0.5 * (2 * 0.25 + 4 * 0.5 * 0.2)).epsilon(1e-6));
  CHECK(p.at("normal").at(2).get<double>() == Approx(1.0).epsilon(1e-9));  // A into B: up
  const double centroid[3] = {3.5, 0.5, 0.9};  // of the 0.5 × 0.5 × 0.2 box's surface
  for (int k = 0; k < 3; ++k) {
    CHECK(p.at("point").at(k).get<double>() == Approx(centroid[k]).epsilon(1e-6));
  }

  // B and A swapped: the normal flips, the pieces swap, nothing else changes; text output.
  const CliResult swapped = runCli({"contact", b, a, "--geometry", "volumetric"});
  REQUIRE(swapped.exit_code == 0);
  CHECK_THAT(swapped.out, Catch::Contains("points       1   (pieces 1/2"));
  CHECK_THAT(swapped.out, Catch::Contains("normal [0.000000 0.000000 -1.000000]"));
  CHECK_THAT(swapped.out, Catch::Contains("gap -0.2 m"));
  CHECK_THAT(swapped.out, Catch::Contains("pieces 0/1"));
}
