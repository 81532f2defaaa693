// The cam-and-follower demo (assets/scenes/cam_follower.json, issue 20): a steel disc cam
// (generator/disc_cam.h: cycloidal rise 120°, high dwell 45°, cycloidal return 120°, base circle
// r_b = 30 mm, lift h = 10 mm, 12 mm wide) turned at constant ω by a prescribed revolute drive
// about the world −y axis, and a flat-faced steel block follower (mass m) on a frictionless
// prismatic joint along +z, pressed onto the cam by a spring of stiffness k_s compressed by the
// preload x₀ at the base circle; gravity g along −z (−lift). Frictionless Hunt–Crossley contact,
// F = k δ^1.5 (1 + 3(1 − ε)/2 · δ̇/δ̇₀). The follower starts at rest on the base circle, just
// touching.
//
// Closed forms (Norton, *Cam Design and Manufacturing Handbook*, 2009, ch. 3, 7, 9; the lift law
// and profile in generator/disc_cam.h). θ = ω t is the cam angle, s(θ) the lift.
//
// 1. Lift. The flat face touches the cam where the profile's support along the lift direction is
//    largest: r_b + s(θ) for the exact profile (the envelope property), between that and
//    r_b + s − e_c for the mesh (e_c = camChordalError: its vertices lie on the profile, its
//    chords at most e_c inside), minus the binary STL's float rounding of both meshes' vertices
//    (e_f ≤ 2·2⁻²⁴·max|coordinate|·√3). The follower's displacement is that support minus the
//    indentation δ ≥ 0: −(e_c + e_f + δ_hi) ≤ z − s ≤ e_f while the contact holds. δ_hi: the law's
//    static indentation (F/k)^(2/3) under the largest rigid force F_max (item 2) times the
//    factor 2.5^(2/3) a Hertz contact overshoots to under a suddenly applied load (F_s δ_m =
//    (2/5) k δ_m^2.5 ⇒ F_m = 2.5 F_s), the worst case here: the preload at t = 0.
// 2. Force. The follower's equation of motion along z with z = s: F = m s̈ + k_s (s + x₀) + m g,
//    s̈ = ω² s″(θ) (constant ω). The measured contact force differs by the contact's own
//    vibration and the facets' ripple: a facet passes the contact 3600·ω/2π ≈ 50 000 times per
//    second, far above the contact's natural frequency (√(1.5 F/(δ m))/2π ≈ 2 kHz), so the
//    follower does not follow it and the indentation ripples by up to e_c, the force by
//    F((1 + e_c/δ_s)^1.5 − 1) (δ_s = (F/k)^(2/3)); the vibration left from the start (a step load
//    F₀ on the contact spring: velocity ≤ v₀ = √(1.2 F₀ δ₀ / m), the energy F₀δ − (2/5) F₀ δ₀ at
//    δ = δ₀) changes a force averaged over a window T by at most 2 m v₀ / T (m ż̈ integrates to
//    m Δż). Compared as window means at the high dwell, at the low dwell and around the extremes
//    of s″, each within that band plus k_s (e_c + e_f + δ_hi) (the spring's share of the lift
//    error).
// 3. Jump. The contact holds while the rigid force is positive; it is least, relative to the
//    inertia term, where s″ < 0, so the follower leaves the cam first at the speed
//      ω_jump = min over θ with s″ < 0 of √((k_s (s + x₀) + m g) / (−m s″)),
//    and, above it, at the first angle θ_sep where F(θ) = 0. At 0.9 ω_jump the contact never
//    opens (F_n > 0 at every frame, the lift within item 1's band); at 1.1 ω_jump it opens — a
//    frame without contact force or with z − s above the band — within Δθ of θ_sep, Δθ the angle
//    over which F moves by item 2's ripple band (|dF/dθ| at θ_sep) plus one frame.
// 4. Energy. At constant ω the cam's kinetic energy is constant, so the drive's work is what it
//    gives the follower through the contact plus the cam's own potential energy and what the
//    contact absorbs: W_drive(t) = ΔE_f(θ) + m_c g Δz_c − W_contact, ΔE_f = ½ m (ω s′)² +
//    ½ k_s ((s + x₀)² − x₀²) + m g s the follower's energy on the cam law, −W_contact ≥ 0 the
//    contact's absorbed work (passivity). The follower's actual energy differs from ΔE_f by its
//    lift error (item 1, times the largest spring and weight force) and its vibration (kinetic
//    energy, ω s′_max m v₀ + ½ m v₀²). The absorption itself is bounded by the law's damping
//    spread over the patch (ContactLaw::spread_damping, core/sim/contact_force_source.cpp): it
//    resists the relative angular velocity about the contact line, the axis the cam turns about,
//    with D = ∂F/∂δ̇ · A / 4π (a flat region's floor, flatNormalRateSpread in
//    core/contact/curved_piece.h: the strip's own w²/12 about its line is less),
//    ∂F/∂δ̇ = 1.5 (1 − ε) F / δ̇₀ (the contact began at rest, so δ̇₀ is the law's floor),
//    A = L·2√(2 ρ δ) the patch of a cylinder of radius ρ indented δ over the width L: a torque
//    D ω on the cam, power D ω².
//
// Frames: the scene's 1 ms step is 4.9° of cam at ω_jump and samples the contact's 2 kHz
// vibration without resolving it; the test takes 0.1 ms frames (the error-controlled substeps
// within them are the same), so window means are means over many vibration periods.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "generator/disc_cam.h"
#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;
using namespace contactsim::models;

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

struct Sample {
  double t, theta, z, force, drive_work, source_work, cam_com_z;
  bool touching;
};

struct Model {
  DiscCamSpec cam;
  double m = 0, ks = 0, x0 = 0, g = 0, k = 0, restitution = 0, v_floor = 0, m_cam = 0;
  double rigidForce(double theta, double omega) const {
    const CamMotion c = camMotion(cam.law, theta);
    return m * omega * omega * c.dds + ks * (c.s + x0) + m * g;
  }
  double staticIndentation(double force) const {
    return std::pow(std::max(force, 0.0) / k, 2.0 / 3.0);
  }
  // The force ripple of the facets at force F (item 2).
  double ripple(double force, double chordal) const {
    const double d = staticIndentation(force);
    return d > 0 ? force * (std::pow(1.0 + chordal / d, 1.5) - 1.0) : 0.0;
  }
};

double lawParameter(const Scene& scene, const char* name, double fallback) {
  const auto& p = scene.contact->law->parameters;
  const auto it = p.find(name);
  return it == p.end() ? fallback : it->second;
}

// Runs the scene at cam speed ω for `end` seconds with 0.1 ms frames; stops early at the first
// frame where `stop` says so.
template <typename Stop>
std::vector<Sample> run(Scene scene, double omega, double end, Stop stop) {
  const int cam = bodyIndex(scene, "cam"), follower = bodyIndex(scene, "follower");
  for (SceneJoint& joint : scene.joints) {
    if (joint.name == "cam_drive") joint.drive->motion = MotionProfile::speed(omega);
  }
  scene.solver.time_step = 1e-4;
  scene.solver.tolerance = 1e-6;
  const double z0 = scene.bodies[follower].pose.translation.z();
  const Vec3 com = scene.bodies[cam].mass.center_of_mass;
  Simulation simulation(scene);
  std::vector<Sample> samples;
  while (simulation.time() < end - 1e-9) {
    simulation.step();
    const SimulationFrame frame = simulation.frame();
    Sample s{};
    s.t = frame.time;
    s.theta = frame.drives.at(0).position;
    s.z = frame.bodies[follower].pose.translation.z() - z0;
    for (const ContactDiagnostics& c : frame.contacts) {
      const Vec3 on_follower = c.body_b == follower ? c.force() : Vec3(-c.force());
      s.force += on_follower.z();
    }
    s.touching = s.force > 0.0;
    s.drive_work = frame.energy.drive_work;
    s.source_work = frame.energy.source_work;
    s.cam_com_z = frame.bodies[cam].pose.apply(com).z();
    samples.push_back(s);
    if (stop(s)) break;
  }
  return samples;
}

}  // namespace

TEST_CASE("cam and follower: lift, contact force, jump speed and drive energy against closed forms",
          "[cam][slow]") {
  const Scene scene = test::readShippedScene("cam_follower.json");
  const int cam = bodyIndex(scene, "cam"), follower = bodyIndex(scene, "follower");
  REQUIRE(cam >= 0);
  REQUIRE(follower >= 0);
  REQUIRE(scene.springs.size() == 1);
  REQUIRE(scene.contact);
  REQUIRE(scene.contact->law);
  REQUIRE(scene.contact->law->model == "hunt-crossley");
  REQUIRE(scene.joints.size() == 2);
  REQUIRE(scene.joints[0].name == "cam_drive");
  REQUIRE(scene.joints[0].drive);

  Model model;
  model.cam = camFollowerDemoCam();
  model.m = scene.bodies[follower].mass.mass;
  model.m_cam = scene.bodies[cam].mass.mass;
  const SceneSpring& spring = scene.springs[0];
  model.ks = spring.stiffness;
  model.x0 = *spring.rest_length - (spring.point_a - spring.point_b).norm();
  model.g = -scene.gravity.z();
  model.k = lawParameter(scene, "stiffness", 0);
  model.restitution = lawParameter(scene, "restitution", 0.5);
  model.v_floor = lawParameter(scene, "min_impact_velocity", 0.01);
  REQUIRE(lawParameter(scene, "exponent", 1.5) == 1.5);
  REQUIRE(model.x0 > 0);
  // The follower's face at t = 0 is on the base circle (its centre a half-height above r_b), and
  // the law's stiffness is Hertz's 4/3 E* √ρ_min for steel (E* = E / 2(1 − ν²)) at the cam's
  // smallest radius of curvature, to the three digits the scene gives.
  const Vec3 half = camFollowerDemoFollowerHalfExtents();
  REQUIRE(std::abs(scene.bodies[follower].pose.translation.z() - half.z() - model.cam.base_radius) <
          1e-12);
  const double e_star = 2.1e11 / (2.0 * (1.0 - 0.3 * 0.3));
  const double rho_min = camMinCurvatureRadius(model.cam);
  CHECK(model.k == Approx(4.0 / 3.0 * e_star * std::sqrt(rho_min)).epsilon(5e-3));

  // Mesh errors (item 1): chords, and float32 rounding of both STL meshes' coordinates.
  const double chordal = camChordalError(model.cam);
  const double max_coordinate = model.cam.base_radius + model.cam.law.lift + 0.02;
  const double rounding = 2.0 * std::ldexp(max_coordinate, -24) * std::sqrt(3.0);
  const double mesh_error = chordal + rounding;

  // 3. Jump speed and the angle of the minimum, on a grid 0.01° fine refined by golden section.
  double omega_jump_sq = INFINITY, theta_min = 0;
  for (int i = 0; i < 36000; ++i) {
    const double theta = kTwoPi * i / 36000;
    const CamMotion c = camMotion(model.cam.law, theta);
    if (c.dds >= 0) continue;
    const double w2 = (model.ks * (c.s + model.x0) + model.m * model.g) / (-model.m * c.dds);
    if (w2 < omega_jump_sq) omega_jump_sq = w2, theta_min = theta;
  }
  const double omega_jump = std::sqrt(omega_jump_sq);
  const double shipped_speed = scene.joints[0].drive->motion->at(1.0).rate;
  INFO("omega_jump " << omega_jump << " rad/s at theta " << theta_min * 180 / std::numbers::pi
                     << " deg; shipped speed " << shipped_speed);
  CHECK(shipped_speed < omega_jump);

  // Forces along the cycle at 0.9 ω_jump: the largest rigid force gives δ_hi (item 1).
  const double omega_low = 0.9 * omega_jump;
  double f_max = 0;
  for (int i = 0; i < 3600; ++i)
    f_max = std::max(f_max, model.rigidForce(kTwoPi * i / 3600, omega_low));
  const double delta_hi = model.staticIndentation(2.5 * f_max);
  const double lift_low = -(mesh_error + delta_hi), lift_high = rounding;
  // Start vibration (item 2): the step preload F₀ on the unindented contact.
  const double f0 = model.ks * model.x0 + model.m * model.g;
  const double v0 = std::sqrt(1.2 * f0 * model.staticIndentation(f0) / model.m);

  SECTION("below the jump speed: contact holds, lift, force and energy follow the cam law") {
    const double revolution = kTwoPi / omega_low;
    const std::vector<Sample> samples =
        run(scene, omega_low, 3.0 * revolution, [](const Sample&) { return false; });
    REQUIRE(samples.size() > 100);
    // 1. Lift at every frame, and the contact holds.
    double worst_low = INFINITY, worst_high = -INFINITY, worst_static = 0;
    int open_frames = 0;
    for (const Sample& s : samples) {
      const CamMotion c = camMotion(model.cam.law, s.theta);
      worst_low = std::min(worst_low, s.z - c.s);
      worst_high = std::max(worst_high, s.z - c.s);
      open_frames += s.touching ? 0 : 1;
      if (s.t > revolution) {
        const double ds = model.staticIndentation(model.rigidForce(s.theta, omega_low));
        worst_static = std::max(worst_static, std::abs(s.z - c.s + ds));
      }
    }
    INFO("lift error z - s in [" << worst_low * 1e6 << ", " << worst_high * 1e6 << "] um of ["
                                 << lift_low * 1e6 << ", " << lift_high * 1e6
                                 << "] um; |z - (s - delta_static)| <= " << worst_static * 1e6
                                 << " um after the first turn");
    CHECK(open_frames == 0);
    CHECK(worst_low >= lift_low);
    CHECK(worst_high <= lift_high);

    // 2. Force: window means after the first revolution, at the dwells and the extremes of s″.
    const CamLaw& law = model.cam.law;
    const double rise_mid = law.rise_start + law.rise / 2;
    const double fall_start = law.rise_start + law.rise + law.high_dwell;
    struct Window {
      const char* name;
      double from, to;  // cam angles, mod 2π
    };
    const double half_width = 0.08;  // rad: ±4.6°, 0.9 ms at 0.9 ω_jump
    const Window windows[] = {
        {"high dwell", law.rise_start + law.rise, fall_start},
        {"low dwell", fall_start + law.fall, kTwoPi + law.rise_start},
        {"rise, max s''", rise_mid - law.rise / 4 - half_width,
         rise_mid - law.rise / 4 + half_width},
        {"rise, min s''", rise_mid + law.rise / 4 - half_width,
         rise_mid + law.rise / 4 + half_width},
        {"return, min s''", fall_start + law.fall / 4 - half_width,
         fall_start + law.fall / 4 + half_width},
        {"return, max s''", fall_start + 3 * law.fall / 4 - half_width,
         fall_start + 3 * law.fall / 4 + half_width},
    };
    for (const Window& w : windows) {
      for (int turn = 1; turn < 3; ++turn) {
        const double a = w.from + kTwoPi * turn, b = w.to + kTwoPi * turn;
        double sum = 0, sum_rigid = 0, ripple = 0;
        int n = 0;
        for (const Sample& s : samples) {
          if (s.theta < a || s.theta > b) continue;
          const double rigid = model.rigidForce(s.theta, omega_low);
          sum += s.force;
          sum_rigid += rigid;
          ripple = std::max(ripple, model.ripple(rigid, mesh_error));
          ++n;
        }
        if (n == 0) continue;  // the run ended before this window
        const double span = (b - a) / omega_low;
        const double band = ripple + 2.0 * model.m * v0 / span + model.ks * (mesh_error + delta_hi);
        INFO(w.name << ", turn " << turn << ": mean F_n " << sum / n << " N, closed form "
                    << sum_rigid / n << " N, band " << band << " N over " << n << " frames");
        CHECK(std::abs(sum - sum_rigid) / n <= band);
      }
    }

    // 4. Energy at every frame.
    const double s1_max = 2.0 * law.lift / std::min(law.rise, law.fall);
    const double lift_error = std::max(-lift_low, lift_high);
    const double state_error = (model.ks * (law.lift + model.x0) + model.m * model.g) * lift_error +
                               omega_low * s1_max * model.m * v0 + 0.5 * model.m * v0 * v0;
    const double rho_max = camMaxCurvatureRadiusBound(model.cam);
    const double area = model.cam.width * 2.0 * std::sqrt(2.0 * rho_max * delta_hi);
    const double spread = 1.5 * (1.0 - model.restitution) / model.v_floor * 2.5 * f_max * area /
                          (2.0 * kTwoPi) * omega_low * omega_low;  // D ω², W
    const Sample& first = samples.front();
    double worst_energy = 0, worst_gain = -INFINITY, worst_absorbed = 0;
    for (const Sample& s : samples) {
      const CamMotion c = camMotion(law, s.theta);
      const double follower_energy =
          0.5 * model.m * std::pow(omega_low * c.ds, 2) +
          0.5 * model.ks * (std::pow(c.s + model.x0, 2) - model.x0 * model.x0) +
          model.m * model.g * c.s;
      const double cam_energy = model.m_cam * model.g * (s.cam_com_z - first.cam_com_z);
      // Counted from the first frame (0.1 ms in: the drive has done next to nothing yet).
      const double drive = s.drive_work - first.drive_work;
      const double absorbed = -(s.source_work - first.source_work);
      worst_energy =
          std::max(worst_energy, std::abs(drive - follower_energy - cam_energy - absorbed));
      worst_gain = std::max(worst_gain, s.source_work);
      worst_absorbed = std::max(worst_absorbed, absorbed - spread * (s.t - first.t));
    }
    INFO("energy: worst |W_drive - dE_f - dU_cam - absorbed| "
         << worst_energy << " J of " << state_error << " J; contact work max " << worst_gain
         << " J; absorbed beyond the spread damping's bound " << worst_absorbed << " J");
    CHECK(worst_energy <= state_error);
    CHECK(worst_gain <= 1e-9);
    // What the contact absorbs beyond the spread damping's D ω² is the vibration's energy at most.
    CHECK(worst_absorbed <= 0.5 * model.m * v0 * v0 + f0 * model.staticIndentation(f0));
    WARN("0.9 omega_jump = " << omega_low << " rad/s: lift z - s in [" << worst_low * 1e6 << ", "
                             << worst_high * 1e6 << "] um (band [" << lift_low * 1e6 << ", "
                             << lift_high * 1e6 << "]), |z - (s - delta_s)| <= "
                             << worst_static * 1e6 << " um; energy error " << worst_energy
                             << " J (band " << state_error << ")");
  }

  SECTION("above the jump speed: the follower leaves the cam where the closed form says") {
    const double omega_high = 1.1 * omega_jump;
    // θ_sep: the first angle of the turn where the rigid force reaches zero (the rise's s″ < 0).
    double theta_sep = -1;
    for (int i = 0; i < 360000 && theta_sep < 0; ++i) {
      const double theta = kTwoPi * i / 360000;
      if (model.rigidForce(theta, omega_high) <= 0) theta_sep = theta;
    }
    REQUIRE(theta_sep > 0);
    const double revolution = kTwoPi / omega_high;
    const std::vector<Sample> samples =
        run(scene, omega_high, 2.0 * revolution, [&](const Sample& s) {
          const double lift = s.z - camMotion(model.cam.law, s.theta).s;
          return s.theta > model.cam.law.rise_start && (!s.touching || lift > lift_high);
        });
    REQUIRE(!samples.empty());
    const Sample& last = samples.back();
    const double lift = last.z - camMotion(model.cam.law, last.theta).s;
    const bool separated = !last.touching || lift > lift_high;
    // Δθ: the ripple band of item 2 at the dwell force, over |dF/dθ| at θ_sep, plus one frame.
    const double eps = 1e-6;
    const double slope = std::abs(model.rigidForce(theta_sep + eps, omega_high) -
                                  model.rigidForce(theta_sep - eps, omega_high)) /
                         (2 * eps);
    const double band_f = model.ripple(f0, mesh_error) + model.ks * (mesh_error + delta_hi);
    const double tolerance = band_f / slope + omega_high * 1e-4;
    INFO("1.1 omega_jump = " << omega_high << " rad/s: separated " << separated << " at theta "
                             << last.theta * 180 / std::numbers::pi << " deg; closed form "
                             << theta_sep * 180 / std::numbers::pi << " +- "
                             << tolerance * 180 / std::numbers::pi << " deg");
    CHECK(separated);
    CHECK(std::abs(last.theta - theta_sep) <= tolerance);
    WARN("jump: omega_jump " << omega_jump << " rad/s; at 1.1x separated at "
                             << last.theta * 180 / std::numbers::pi << " deg, closed form "
                             << theta_sep * 180 / std::numbers::pi << " +- "
                             << tolerance * 180 / std::numbers::pi << " deg");
  }
}
