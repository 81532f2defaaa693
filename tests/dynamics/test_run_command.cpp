// `contactsim-cli run` end to end: the CSV and the JSON summary parsed back and checked.
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "geometry/types.h"

namespace {

namespace fs = std::filesystem;

struct Result {
  int exit_code;
  std::string out, err;
};

std::string slurp(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path scratch() {
  const fs::path dir = fs::path(CONTACTSIM_BINARY_DIR) / "tests/dynamics/run_scratch";
  fs::create_directories(dir);
  return dir;
}

Result run(const std::string& arguments) {
  const fs::path out = scratch() / "stdout.txt", err = scratch() / "stderr.txt";
  const std::string command = std::string("'") + CONTACTSIM_CLI + "' " + arguments + " >'" +
                              out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
  int column(const std::string& name) const {
    for (std::size_t i = 0; i < header.size(); ++i) {
      if (header[i] == name) return static_cast<int>(i);
    }
    FAIL("no column " << name);
    return -1;
  }
};

Csv readCsv(const fs::path& file) {
  std::ifstream in(file);
  Csv csv;
  std::string line, cell;
  std::getline(in, line);
  std::istringstream header(line);
  while (std::getline(header, cell, ',')) csv.header.push_back(cell);
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::vector<double> values;
    while (std::getline(row, cell, ',')) values.push_back(std::stod(cell));
    REQUIRE(values.size() == csv.header.size());
    csv.rows.push_back(values);
  }
  return csv;
}

const std::string kScenes = std::string(CONTACTSIM_SOURCE_DIR) + "/assets/scenes/";

}  // namespace

TEST_CASE("run: pendulum scene, CSV and JSON summary", "[cli][dynamics]") {
  const fs::path csv_file = scratch() / "pendulum.csv";
  const Result r =
      run("run '" + kScenes + "pendulum.json' --until 2.367842 --output-every 0.1 --csv '" +
          csv_file.string() + "' --json");
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());  // no progress bar when stderr is not a terminal
  const nlohmann::json summary = nlohmann::json::parse(r.out);
  for (const char* key :
       {"steps", "simulated_seconds", "wall_seconds", "real_time_factor", "newton_iterations_mean",
        "newton_iterations_max", "max_constraint_violation"}) {
    CHECK(summary.contains(key));
  }
  CHECK(summary["steps"] == 2368);
  CHECK(summary["simulated_seconds"].get<double>() == Approx(2.368));
  CHECK(summary["newton_iterations_max"].get<int>() <= 5);
  CHECK(summary["max_constraint_violation"].get<double>() < 1e-9);
  // A smooth pendulum: Newton converges at every step, none accepted by the stall rule.
  CHECK(summary["stalled_substeps"] == 0);
  CHECK(summary["largest_stall_residual"].get<double>() == 0.0);

  const Csv csv = readCsv(csv_file);
  REQUIRE(csv.header.size() == 14);
  CHECK(csv.header[0] == "t");
  CHECK(csv.header[1] == "bob.x");
  CHECK(csv.header[13] == "bob.wz");
  REQUIRE(csv.rows.size() == 25);  // t = 0, 0.1, …, 2.3 and the last step 2.368
  for (const std::vector<double>& row : csv.rows) {
    const double t = row[0];
    const Eigen::Quaterniond q(row[csv.column("bob.qw")], row[csv.column("bob.qx")],
                               row[csv.column("bob.qy")], row[csv.column("bob.qz")]);
    CHECK(q.norm() == Approx(1.0).epsilon(1e-9));
    const contactsim::Vec3 com = q * contactsim::Vec3(1, 0, 0);
    const contactsim::Vec3 omega(row[csv.column("bob.wx")], row[csv.column("bob.wy")],
                                 row[csv.column("bob.wz")]);
    // Released at rest from the horizontal: ½v² + g·z = 0 along the way (unit mass, 1 m).
    const double energy = 0.5 * omega.cross(com).squaredNorm() + 9.81 * com.z();
    CHECK(std::abs(energy) < 1e-3);
    CHECK(std::abs(row[csv.column("bob.x")]) < 1e-9);          // the frame origin is the pivot
    if (t > 2.3) CHECK(com.x() == Approx(1.0).epsilon(1e-6));  // back after one period
  }
}

TEST_CASE("run: hauled cable reports length and tension", "[cli][dynamics]") {
  const fs::path csv_file = scratch() / "hoist.csv";
  const Result r = run("run '" + kScenes +
                       "cable_hoist.json' --until 1 --dt 0.0005 --output-every 0.05 --csv '" +
                       csv_file.string() + "'");
  REQUIRE(r.exit_code == 0);
  const Csv csv = readCsv(csv_file);
  REQUIRE(csv.rows.size() == 21);
  const int length = csv.column("hoist.length"), tension = csv.column("hoist.tension");
  const int z = csv.column("crate.z");
  for (const std::vector<double>& row : csv.rows) {
    const double t = row[0];
    // Ramp of cable_hoist.json: L̇ = −0.5·(3x² − 2x³), x = t/0.5; L̈ = −0.5·(6x − 6x²)/0.5.
    const double x = std::min(t / 0.5, 1.0);
    const double accel = -0.5 * (6 * x - 6 * x * x) / 0.5;
    CHECK(row[tension] == Approx(50.0 * (9.81 - accel)).epsilon(1e-4));
    CHECK(row[z] == Approx(4.0 - row[length]).epsilon(1e-9));
  }
}

TEST_CASE("run: bad input exits 2 with one line naming the fault", "[cli][dynamics]") {
  const fs::path scene = scratch() / "typo.json";
  std::ofstream(scene)
      << R"({"bodies": [{"name": "b", "mass": 1, "inertia": [1, 1, 1, 0, 0, 0], "positon": [0, 0, 0]}]})";
  Result r = run("run '" + scene.string() + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(r.err.find("bodies[0].positon: unknown key") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);

  r = run("run '" + kScenes + "pendulum.json' --dt -1");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--dt") != std::string::npos);
}

TEST_CASE("run: driven crank writes each driven joint's position and effort", "[cli][dynamics]") {
  const fs::path csv_file = scratch() / "driven_crank.csv";
  const Result r =
      run("run '" + kScenes + "driven_crank.json' --until 2 --output-every 0.1 --csv '" +
          csv_file.string() + "'");
  REQUIRE(r.exit_code == 0);
  const Csv csv = readCsv(csv_file);
  REQUIRE(csv.rows.size() == 21);
  const int theta = csv.column("crank_drive.position"), torque = csv.column("crank_drive.effort");
  const int arm = csv.column("arm_motor.position"), motor = csv.column("arm_motor.effort");
  REQUIRE(theta > 0);
  REQUIRE(torque == theta + 1);
  REQUIRE(motor == arm + 1);
  for (const std::vector<double>& row : csv.rows) {
    // driven_crank.json: 2 kg at r = 0.5 m turned at 2 rad/s from the horizontal about −y, so
    // θ = 2t and the torque is m·g·r·cos θ (no inertia torque at constant speed).
    CHECK(row[theta] == Approx(2.0 * row[0]).margin(1e-12));
    CHECK(row[torque] == Approx(2.0 * 9.81 * 0.5 * std::cos(row[theta])).margin(1e-4));
    // The arm's motor is saturated at its 8 N·m and stays within the limits' reach.
    CHECK(std::abs(row[motor]) <= 8.0);
    CHECK(row[arm] < 0.6 + 0.01);
  }
}
