// Joint drives and limits in the scene format (issue 20, docs/scene-format.md "joints[]"): what
// is read, the one-line errors naming the field, and a driven crank run through Simulation with
// its torque against m·g·r·cos θ.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "scene/scene_reader.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

TriMesh noMeshes(const SceneMesh& request) {
  throw std::runtime_error(request.file.string() + ": not expected");
}

// A bar of 2 kg, 1 m long, pivoted at one end about −y, lying along +x; `joint_extra` is spliced
// into the joint's object.
std::string crankScene(const std::string& joint_extra, const std::string& type = "revolute") {
  return R"({"solver": {"time_step": 0.001},
    "bodies": [{"name": "bar", "mass": 2.0, "center_of_mass": [0.5, 0, 0],
                "inertia": [0.00083, 0.1671, 0.1671, 0, 0, 0]}],
    "joints": [{"name": "pivot", "type": ")" +
         type + R"(", "body_a": "world", "body_b": "bar",
                "point": [0, 0, 0], "axis": [0, -1, 0])" +
         joint_extra + "}]}";
}

Scene parse(const std::string& text) { return parseScene(text, "/scenes/d.json", noMeshes); }

std::string errorOf(const std::string& text) {
  try {
    parse(text);
  } catch (const SceneError& e) {
    const std::string what = e.what();
    CHECK(what.find('\n') == std::string::npos);
    return what;
  }
  FAIL("no error for: " << text);
  return {};
}

}  // namespace

TEST_CASE("joint drives and limits are read with their defaults", "[scene][drives]") {
  SECTION("speed") {
    const Scene s = parse(crankScene(R"(, "drive": {"type": "speed", "speed": 2.0})"));
    REQUIRE(s.joints[0].drive);
    REQUIRE(s.joints[0].drive->motion);
    CHECK(s.joints[0].drive->motion->at(1.5).position == Approx(3.0));
    CHECK_FALSE(s.joints[0].limits);
  }
  SECTION("ramp and table") {
    const Scene r =
        parse(crankScene(R"(, "drive": {"type": "ramp", "speed": 2.0, "ramp_time": 0.5})"));
    CHECK(r.joints[0].drive->motion->at(0.5).rate == Approx(2.0));
    CHECK(r.joints[0].drive->motion->at(0.5).position == Approx(0.5));  // half of full speed
    const Scene t =
        parse(crankScene(R"(, "drive": {"type": "table", "table": [[0, 0], [1, 0.5], [2, 2]]})"));
    CHECK(t.joints[0].drive->motion->at(1.0).position == Approx(0.5));
  }
  SECTION("motor and limits") {
    const Scene s = parse(crankScene(
        R"(, "drive": {"type": "motor", "position": 0.3, "stiffness": 100, "damping": 5,
               "max_torque": 20}, "limits": {"lower": -0.5, "stiffness": 1e4})"));
    const JointMotorLaw& m = s.joints[0].drive->motor;
    CHECK_FALSE(s.joints[0].drive->motion);
    CHECK(m.position == 0.3);
    CHECK(m.speed == JointMotorLaw{}.speed);
    CHECK(m.stiffness == 100.0);
    CHECK(m.damping == 5.0);
    CHECK(m.max_effort == 20.0);
    REQUIRE(s.joints[0].limits);
    CHECK(s.joints[0].limits->lower == -0.5);
    CHECK(s.joints[0].limits->upper == JointStopLaw{}.upper);
    CHECK(s.joints[0].limits->damping == JointStopLaw{}.damping);
    // A prismatic motor's limit is a force.
    const Scene p = parse(crankScene(R"(, "drive": {"type": "motor", "damping": 5,
        "speed": 0.1, "max_force": 40})",
                                     "prismatic"));
    CHECK(p.joints[0].drive->motor.max_effort == 40.0);
  }
}

TEST_CASE("invalid drives and limits give one-line errors naming the field", "[scene][drives]") {
  const std::string file = "/scenes/d.json: ";
  CHECK(errorOf(crankScene(R"(, "drive": {"type": "speed", "speed": "fast"})")) ==
        file + "joints[0].drive.speed: expected a number, got string \"fast\"");
  CHECK(errorOf(crankScene(R"(, "drive": {"type": "speed"})")) ==
        file + "joints[0].drive.speed: required for a \"speed\" drive");
  CHECK(errorOf(crankScene(R"(, "drive": {"type": "warp"})")) ==
        file + "joints[0].drive.type: expected speed, ramp, table or motor, got \"warp\"");
  CHECK(errorOf(crankScene(R"(, "drive": {"speed": 1})")) ==
        file + "joints[0].drive.type: required (speed, ramp, table or motor)");
  CHECK(errorOf(crankScene(R"(, "drive": {"type": "ramp", "speed": 1, "ramp_time": 0})")) ==
        file + "joints[0].drive.ramp_time: expected a positive number, got number 0");
  CHECK_THAT(errorOf(crankScene(R"(, "drive": {"type": "speed", "speed": 1, "ramp_time": 1})")),
             Catch::StartsWith(file + "joints[0].drive.ramp_time: unknown key"));
  CHECK(errorOf(crankScene(R"(, "drive": {"type": "table", "table": [[0, 0], [0, 1]]})")) ==
        file + "joints[0].drive.table[1]: times must increase strictly");
  CHECK(errorOf(crankScene(R"(, "drive": {"type": "table", "table": [[0, 0]]})")) ==
        file + "joints[0].drive.table: expected at least 2 [t, position] points");
  CHECK_THAT(errorOf(crankScene(R"(, "drive": {"type": "table", "table": [[0, 2], [1, 3]]})")),
             Catch::StartsWith(file + "joints[0].drive.table: the angle at t = 0 is 2 rad"));
  CHECK(errorOf(crankScene(R"(, "drive": {"type": "motor", "max_torque": 5})")) ==
        file +
            "joints[0].drive: a motor needs \"stiffness\" (position control) or \"damping\" "
            "(velocity control) > 0");
  CHECK(errorOf(crankScene(R"(, "drive": {"type": "motor", "damping": 1, "max_torque": -5})")) ==
        file + "joints[0].drive.max_torque: expected a positive number, got number -5");
  CHECK_THAT(errorOf(crankScene(R"(, "drive": {"type": "motor", "damping": 1, "max_force": 5})")),
             Catch::StartsWith(file + "joints[0].drive.max_force: unknown key"));
  CHECK(errorOf(crankScene(R"(, "limits": {"stiffness": 1e4})")) ==
        file + "joints[0].limits: expected \"lower\", \"upper\" or both");
  CHECK(errorOf(crankScene(R"(, "limits": {"lower": -1})")) ==
        file + "joints[0].limits.stiffness: required (N·m/rad or N/m)");
  CHECK_THAT(errorOf(crankScene(R"(, "limits": {"lower": 0.2, "stiffness": 1})")),
             Catch::StartsWith(file + "joints[0].limits.lower: expected a number <= 0 rad"));
  CHECK(errorOf(crankScene(R"(, "limits": {"lower": -1, "stiffness": 1, "damping": -2})")) ==
        file + "joints[0].limits.damping: expected a number >= 0, got number -2");
  const std::string spherical = R"({"bodies": [{"name": "bar", "mass": 2.0,
      "inertia": [0.1, 0.1, 0.1, 0, 0, 0]}], "joints": [{"type": "spherical", "body_a": "world",
      "body_b": "bar", "point": [0, 0, 0], "limits": {"lower": -1, "stiffness": 1}}]})";
  CHECK(errorOf(spherical) ==
        file +
            "joints[0].limits: only a revolute or prismatic joint has one, not a spherical joint");
}

TEST_CASE("joint friction is read, and refused where it cannot act", "[scene][drives]") {
  const Scene s = parse(
      crankScene(R"(, "friction": {"coefficient": 0.2, "pin_radius": 0.05, "stick_speed": 0.02})"));
  REQUIRE(s.joints[0].friction);
  CHECK(s.joints[0].friction->coefficient == 0.2);
  CHECK(s.joints[0].friction->radius == 0.05);
  CHECK(s.joints[0].friction->stick_speed == 0.02);
  CHECK(parse(crankScene(R"(, "friction": {"coefficient": 0.2, "pin_radius": 0.05})"))
            .joints[0]
            .friction->stick_speed == JointFrictionLaw{}.stick_speed);
  const std::string file = "/scenes/d.json: ";
  CHECK(errorOf(crankScene(R"(, "friction": {"coefficient": 0.2})")) ==
        file + "joints[0].friction.pin_radius: required");
  CHECK(errorOf(crankScene(R"(, "friction": {"coefficient": -1, "pin_radius": 0.05})")) ==
        file + "joints[0].friction.coefficient: expected a number >= 0, got number -1");
  CHECK(errorOf(crankScene(R"(, "friction": {"coefficient": 0.2, "pin_radius": 0})")) ==
        file + "joints[0].friction.pin_radius: expected a positive number, got number 0");
  CHECK_THAT(errorOf(crankScene(R"(, "friction": {"coefficient": 0.2, "pin_radius": 0.05,
      "torque": 3})")),
             Catch::StartsWith(file + "joints[0].friction.torque: unknown key"));
  CHECK(errorOf(
            crankScene(R"(, "friction": {"coefficient": 0.2, "pin_radius": 0.05})", "prismatic")) ==
        file + "joints[0].friction: only a revolute joint has one, not a prismatic joint");
  // Each number finite, their torque per newton at the start's zero load would be ∞·0 = NaN.
  CHECK(errorOf(crankScene(R"(, "friction": {"coefficient": 1e308, "pin_radius": 1e308})")) ==
        file + "joints[0].friction: too large: coefficient × pin_radius / stick_speed overflows");
}

TEST_CASE("a driven crank scene reports the torque m·g·r·cos θ", "[scene][drives][sim]") {
  Simulation sim(parse(crankScene(R"(, "drive": {"type": "speed", "speed": 2.0})")));
  const double mgr = 2.0 * 9.81 * 0.5;
  double worst = 0.0;
  for (int k = 0; k < 3142; ++k) {  // a whole turn at 2 rad/s
    sim.step();
    const SimulationFrame f = sim.frame();
    REQUIRE(f.drives.size() == 1);
    CHECK(f.drives[0].position == Approx(2.0 * f.time));
    worst = std::max(worst, std::abs(f.drives[0].effort - mgr * std::cos(2.0 * f.time)));
  }
  // The bar's inertia about the pivot is 0.1671 + 2·0.5² kg·m² (see crankScene); the tolerance
  // is test_joint_drives.cpp's, 1e-5 of m g r + J ω².
  CHECK(worst < 1e-5 * (mgr + (0.1671 + 0.5) * 4.0));
}

TEST_CASE("a motor and a limit from a scene act on the joint", "[scene][drives][sim]") {
  // The bar falls from horizontal onto a stop at −0.5 rad; a velocity-controlled motor with a
  // small torque limit cannot hold it (m g r = 9.81 N·m).
  Simulation sim(parse(crankScene(R"(, "drive": {"type": "motor", "damping": 50,
      "max_torque": 1.0}, "limits": {"lower": -0.5, "stiffness": 1e5, "damping": 1.0})")));
  for (int k = 0; k < 3000; ++k) sim.step();
  const SimulationFrame f = sim.frame();
  REQUIRE(f.drives.size() == 1);
  CHECK(f.drives[0].position == Approx(-0.5).margin(1e-3));
  CHECK(std::abs(f.drives[0].effort) <= 1.0);
}

// A velocity-controlled motor held at speed 0 with a torque limit T is Coulomb friction in the
// joint (the flagship's crown pin, README "Why pin friction"): below |ω| = T/k_d it is a
// viscous slope, above it a constant torque T against the motion. The crank released from
// horizontal stops where the energy balance says: from a stop at φ_k (the angle from hanging)
// it turns towards hanging by s until
//   m·g·r·(cos(|φ_k| − s) − cos φ_k) = T·s,
// the one root after s = 0 (the left side is concave in s while |φ_k| − s stays within a
// quarter turn; solved here by bisection, apart from the integrator), and from a stop where
// m·g·r·sin|φ_k| ≤ T friction holds it. m·g·r = 9.81 N·m; at T = 2 N·m it swings past hanging
// three times, at T = 4 N·m once and then stops short of hanging.
TEST_CASE("a motor held at speed 0 is Coulomb friction in the joint", "[scene][drives][sim]") {
  const double mgr = 2.0 * 9.81 * 0.5, stick_speed = 1e-3;  // rad/s
  const double friction = GENERATE(2.0, 4.0);               // N·m
  INFO("friction torque " << friction << " N·m");
  std::vector<double> stops{std::numbers::pi / 2.0};  // signed φ
  while (mgr * std::sin(std::abs(stops.back())) > friction) {
    const double from = stops.back(), side = from > 0.0 ? 1.0 : -1.0;
    double lo = 0.0, hi = 2.0 * std::abs(from);
    for (int i = 0; i < 100; ++i) {
      const double mid = 0.5 * (lo + hi);
      const double gain = mgr * (std::cos(std::abs(from) - mid) - std::cos(from)) - friction * mid;
      (gain > 0.0 ? lo : hi) = mid;
    }
    stops.push_back(from - side * 0.5 * (lo + hi));
  }
  // The stops past hanging reverse the swing; the others end it on the same side.
  std::vector<double> reversals;
  for (std::size_t k = 1; k < stops.size(); ++k)
    if (stops[k] * stops[k - 1] < 0.0) reversals.push_back(stops[k]);
  REQUIRE(stops.size() >= 3);  // it moves more than once before it stops

  const std::string motor = R"(, "drive": {"type": "motor", "speed": 0, "damping": )" +
                            std::to_string(friction / stick_speed) + R"(, "max_torque": )" +
                            std::to_string(friction) + "}";
  Simulation sim(parse(crankScene(motor)));
  const double h = sim.scene().solver.time_step;
  // θ from the initial pose, positive raising the bar; hanging is θ = −π/2, φ = θ + π/2.
  std::vector<double> turning;
  double before = 0.0, last = 0.0, last_moving = 0.0;
  for (int k = 0; k < 8000; ++k) {
    sim.step();
    const double theta = sim.frame().drives.at(0).position;
    // An extremum of θ: the swing reversed (a step where it stands still does not count twice).
    if (k > 0 && (theta - last) * (last - before) < 0.0)
      turning.push_back(last + std::numbers::pi / 2.0);
    if (std::abs(theta - last) > stick_speed * h) last_moving = sim.time();
    if (theta != last) before = last;
    last = theta;
  }
  INFO("reversals " << Catch::Detail::stringify(turning) << ", stops "
                    << Catch::Detail::stringify(stops));
  // Each reversal is read at a step (1 ms), so within ½·α·h² of the true one (α ≤ mgr/J
  // < 15 rad/s²: 8e-6 rad); near a reversal the viscous slope misses at most T·ω_s·h of work.
  REQUIRE(turning.size() == reversals.size());
  for (std::size_t k = 0; k < reversals.size(); ++k)
    CHECK(turning[k] == Approx(reversals[k]).margin(2e-5));
  // Held at the last stop, the regularised friction lets gravity's torque G = mgr·sin|φ| < T
  // turn the bar towards hanging at G/k_d (what stick_speed buys): |φ| falls no faster than
  // mgr·|φ|/k_d, so over the time held |φ| stays between |φ_N|·exp(−mgr·t/k_d) and |φ_N|.
  const double held = sim.time() - last_moving;
  REQUIRE(held > 1.0);
  const double rest = last + std::numbers::pi / 2.0;
  CHECK(rest * stops.back() > 0.0);
  CHECK(std::abs(rest) <= std::abs(stops.back()) + 2e-5);
  CHECK(std::abs(rest) >=
        std::abs(stops.back()) * std::exp(-mgr * held * stick_speed / friction) - 2e-5);
  CHECK(std::abs(sim.frame().drives.at(0).effort) <= friction);
}

namespace {

// The crank of crankScene about its pivot, as one angle θ (from horizontal, positive raising the
// bar), with joint friction μ·r_p·|F|: J·θ̈ = −m·g·r·cos θ + τ, τ = −μ·r_p·|F|·sat(θ̇/ω_s), F the
// pin's force on the bar, m·(a_G − g) with a_G = r·θ̈·t − r·θ̇²·e (e = (cos θ, 0, sin θ), t its
// derivative). F holds θ̈, so θ̈ is found by fixed-point iteration (the map contracts by
// μ·r_p·m·r/J < 1). Integrated by RK4 at a step far below the scene's.
struct CrankWithFriction {
  double m = 2.0, r = 0.5, J = 0.1671 + 2.0 * 0.25, g = 9.81;
  double mu, pin_radius, stick_speed;

  double acceleration(double theta, double rate) const {
    const double c = std::cos(theta), s = std::sin(theta);
    const double slide = std::clamp(rate / stick_speed, -1.0, 1.0);
    double acc = -m * g * r * c / J;
    for (int i = 0; i < 30; ++i) {  // 0.14^30: exact in double
      const double fx = m * (-r * acc * s - r * rate * rate * c);
      const double fz = m * (r * acc * c - r * rate * rate * s + g);
      acc = (-m * g * r * c - mu * pin_radius * std::hypot(fx, fz) * slide) / J;
    }
    return acc;
  }
  // θ at each multiple of `every` up to `until`, from rest at θ = 0.
  std::vector<double> angles(double every, double until) const {
    const double h = 1e-5;
    const int per = static_cast<int>(std::lround(every / h));
    std::vector<double> out;
    double theta = 0.0, rate = 0.0;
    for (int k = 1; k <= static_cast<int>(std::lround(until / h)); ++k) {
      const double a1 = acceleration(theta, rate);
      const double a2 = acceleration(theta + 0.5 * h * rate, rate + 0.5 * h * a1);
      const double a3 = acceleration(theta + 0.5 * h * (rate + 0.5 * h * a1), rate + 0.5 * h * a2);
      const double a4 = acceleration(theta + h * (rate + 0.5 * h * a2), rate + h * a3);
      theta += h * rate + h * h / 6.0 * (a1 + a2 + a3);
      rate += h / 6.0 * (a1 + 2.0 * a2 + 2.0 * a3 + a4);
      if (k % per == 0) out.push_back(theta);
    }
    return out;
  }
};

}  // namespace

// Joint friction from the pin's load (docs/scene-format.md, "Friction in a joint"): the crank
// released from horizontal, against the one-angle reference above. The pin's force swings from
// m·g to about 3·m·g at the bottom of a swing, so a friction of constant torque would not follow
// it (a constant torque at m·g's would be off by tenths of a radian); the scene's lags its load
// by a substep, an error of first order in the step: a quarter of the step must take at least
// 65 % of the error off (first order takes 75 %), and at 0.25 ms the run must stay within
// 1e-3 rad of the reference.
TEST_CASE("joint friction follows the pin's load", "[scene][drives][sim]") {
  const CrankWithFriction reference{2.0, 0.5, 0.1671 + 2.0 * 0.25, 9.81, 0.3, 0.3, 1e-3};
  const double until = 4.0, every = 0.01;
  const std::vector<double> expected = reference.angles(every, until);
  const auto worst = [&](double step) {
    Scene scene = parse(crankScene(
        R"(, "friction": {"coefficient": 0.3, "pin_radius": 0.3, "stick_speed": 0.001})"));
    scene.solver.time_step = step;
    Simulation sim(std::move(scene));
    double error = 0.0;
    const int per = static_cast<int>(std::lround(every / step));
    for (std::size_t k = 0; k < expected.size(); ++k) {
      for (int i = 0; i < per; ++i) sim.step();
      const Vec3 along = sim.frame().bodies.at(0).pose.rotation.col(0);
      error = std::max(error, std::abs(std::atan2(along.z(), along.x()) - expected[k]));
    }
    return error;
  };
  const double coarse = worst(1e-3), fine = worst(2.5e-4);
  INFO("largest angle error: " << coarse << " rad at 1 ms, " << fine << " rad at 0.25 ms");
  CHECK(fine < 0.35 * coarse);
  CHECK(fine < 1e-3);
}
