#include <Eigen/Core>
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_runner.h"

using namespace contactsim::testing;

namespace {
const std::string kModels = std::string(CONTACTSIM_SOURCE_DIR) + "/assets/models/";

Eigen::Matrix3d matrixOf(const nlohmann::json& j) {
  Eigen::Matrix3d m;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m(r, c) = j.at(r).at(c).get<double>();
  return m;
}
}  // namespace

TEST_CASE("info --json reports the box model's topology and exact mass properties", "[cli]") {
  const CliResult r = runCli({"info", kModels + "box.stl", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("triangles") == 6 * 8 * 8 * 2);
  CHECK(j.at("vertices") == 6 * 7 * 7 + 12 * 7 + 8);  // face interiors + edge interiors + corners
  CHECK(j.at("watertight") == true);
  CHECK(j.at("boundary_edges") == 0);
  CHECK(j.at("nonmanifold_edges") == 0);
  CHECK(j.at("consistently_oriented") == true);
  CHECK(j.at("volume").get<double>() == Approx(0.008).epsilon(1e-6));
  CHECK(j.at("bbox_min").at(0).get<double>() == Approx(-0.1).epsilon(1e-6));
  CHECK(j.at("bbox_max").at(2).get<double>() == Approx(0.1).epsilon(1e-6));
  // Unit density: I = m/12 (b² + c²) with m = 0.008 kg.
  const Eigen::Matrix3d inertia = matrixOf(j.at("inertia"));
  const double expected = 0.008 / 12 * (0.04 + 0.04);
  CHECK((inertia - expected * Eigen::Matrix3d::Identity()).norm() < 1e-6 * expected);
  for (int i = 0; i < 3; ++i) CHECK(std::abs(j.at("centroid").at(i).get<double>()) < 1e-9);
}

TEST_CASE("info --units mm scales lengths, volume and inertia", "[cli]") {
  const CliResult m = runCli({"info", kModels + "box.stl", "--json"});
  const CliResult mm = runCli({"info", kModels + "box.stl", "--units", "mm", "--json"});
  REQUIRE(mm.exit_code == 0);
  const auto jm = nlohmann::json::parse(m.out), jmm = nlohmann::json::parse(mm.out);
  CHECK(jmm.at("volume").get<double>() == Approx(jm.at("volume").get<double>() * 1e-9));
  CHECK(jmm.at("inertia").at(0).at(0).get<double>() ==
        Approx(jm.at("inertia").at(0).at(0).get<double>() * 1e-15));
}

TEST_CASE("info on bad input exits 2 with one error line naming the culprit", "[cli]") {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string missing = (dir / "contactsim-no-such-mesh.stl").string();
  const CliResult r1 = runCli({"info", missing});
  CHECK(r1.exit_code == 2);
  CHECK(r1.err == "error: " + missing + ": no such file\n");
  CHECK(r1.out.empty());

  const CliResult r2 = runCli({"info", kModels + "box.stl", "--units", "furlong"});
  CHECK(r2.exit_code == 2);
  CHECK_THAT(r2.err, Catch::StartsWith("error: --units 'furlong'"));

  const CliResult r3 = runCli({"info"});
  CHECK(r3.exit_code == 2);
  CHECK_THAT(r3.err, Catch::StartsWith("error: "));
  CHECK(std::count(r3.err.begin(), r3.err.end(), '\n') == 1);
}

// The shell model beside the enclosed volume (issue 20). box.stl is a 0.2 m cube: its faces as a
// 2 mm sheet are 6·0.04·0.002 = 4.8e-4 m³, 0.06 × the solid's 0.008 m³, with I = 5/3·m_f·a² about
// each centre axis (m_f = 0.04·0.002 at unit density); a closed surface gets the note that its
// enclosed volume is exact. --shell-thickness is in --units, and must be positive.
TEST_CASE("info --shell-thickness prints the surface as a sheet beside the enclosed volume",
          "[cli]") {
  const CliResult r = runCli({"info", kModels + "box.stl", "--shell-thickness", "0.002", "--json"});
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("surface_area").get<double>() == Approx(0.24).epsilon(1e-6));
  const auto& shell = j.at("shell");
  CHECK(shell.at("thickness").get<double>() == 0.002);
  CHECK(shell.at("volume").get<double>() == Approx(4.8e-4).epsilon(1e-6));
  CHECK(shell.at("volume_ratio_to_enclosed").get<double>() == Approx(0.06).epsilon(1e-6));
  const double face = 0.04 * 0.002;
  CHECK(matrixOf(shell.at("inertia"))(2, 2) == Approx(5.0 / 3.0 * face * 0.04).epsilon(1e-6));
  CHECK(shell.at("warnings").size() == 1);
  const CliResult mm =
      runCli({"info", kModels + "box.stl", "--shell-thickness", "2", "--units", "mm", "--json"});
  REQUIRE(mm.exit_code == 0);
  CHECK(nlohmann::json::parse(mm.out).at("shell").at("thickness").get<double>() == 0.002);
  const CliResult bad = runCli({"info", kModels + "box.stl", "--shell-thickness", "-1"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "error: --shell-thickness: expected a positive length\n");
}
