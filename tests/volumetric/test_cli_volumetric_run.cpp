// `contactsim-cli run` on a scene in volumetric contact geometry (issue 16): both modes of the
// same box at rest agree, and the summary reports the volumetric points before and after
// sparsification (tests/volumetric/scenes).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../cli/cli_runner.h"

using contactsim::testing::runCli;

namespace {

nlohmann::json runJson(const std::string& scene) {
  const auto result =
      runCli({"run", std::string(CONTACTSIM_SOURCE_DIR) + "/tests/volumetric/scenes/" + scene,
              "--until", "0.2", "--json"});
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  return nlohmann::json::parse(result.out);
}

}  // namespace

TEST_CASE("contactsim-cli run: a box at rest in both contact geometries", "[cli][volumetric]") {
  const nlohmann::json patch = runJson("box_patch.json");
  const nlohmann::json volumetric = runJson("box_volumetric.json");
  CHECK_FALSE(patch.contains("volumetric"));
  REQUIRE(volumetric.contains("volumetric"));
  const nlohmann::json& v = volumetric["volumetric"];
  CHECK(v["pairs"] == 1);
  CHECK(v["max_points"] == 1);
  CHECK(v["points_before_sparsify"].get<long>() >= v["points_after_sparsify"].get<long>());
  CHECK(v["points_after_sparsify"].get<long>() > 0);
  CHECK(volumetric["contact_pairs"] == 0);  // left out of the patch source
  // One convex piece each: the same contact, the same work done by it.
  CHECK(volumetric["energy"]["source_work"].get<double>() ==
        Approx(patch["energy"]["source_work"].get<double>()).epsilon(1e-6));
  CHECK(volumetric["energy"]["gravity"].get<double>() ==
        Approx(patch["energy"]["gravity"].get<double>()).epsilon(1e-9));
}
