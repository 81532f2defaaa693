// Everyday contact corpus (assets/scenes/corpus/spur_gears.json): a steel spur-gear pair, ISO 53
// involute teeth (generator/spur_gear.h), module m = 2 mm, pinion z1 = 20 driving a wheel z2 = 40,
// face width 10 mm, each on a revolute joint to the ground at the standard centre distance
// a = m (z1 + z2) / 2 = 60 mm, teeth thinned by 0.05 mm each (normal backlash
// j_n = 0.1 mm · cos α). A constant torque T drives the pinion (+z), a constant load torque T_L
// resists the wheel (+z, against its clockwise turning); they start at rest with the loaded
// flanks touching at the pitch point P = (r1, 0, 0). Contact: Hertz per patch (hertz-stribeck),
// frictionless — with friction the force leaves the line of action (it reverses at P) and none of
// the closed forms below holds, so μ = 0 isolates the geometry the test is about.
//
// Closed forms (Litvin & Fuentes, Gear Geometry and Applied Theory, 2004, §10; any machine
// design text). i = z1/z2; base radii r_bk = m z_k cos α / 2, so r_b1 / r_b2 = i.
//
// 1. Line of action. Frictionless involute flanks push along their common normal, the tangent
//    to both base circles through P. With the force F ≥ 0 on the wheel along n, the contact
//    moments about the shafts are M1 = −F r_b1 (on the pinion) and M2 = −F r_b2 (on the wheel),
//    for every tooth pair in contact. The torque the pinion's teeth deliver is τ_in = −M1, the
//    wheel receives τ_out = M2, so τ_out / τ_in = −r_b2 / r_b1 = −z2 / z1 at every instant.
//
// 2. Kinematics. Let x = r_b1 Δθ1 + r_b2 Δθ2 (angles from t = 0, about +z) be the approach of
//    the two bodies along the line of action. Rigid exact involutes keep x = 0: Δθ2 = −i Δθ1.
//    Here x is the indentation δ (≥ 0) plus the tessellation's transmission error: the flank
//    vertices lie on the involutes and each chord lies inside its tooth by at most
//    h_k = ρ_k (1 − cos(Δt_k / 2)) (ρ_k ≤ r_bk t_ak the largest curvature radius, Δt_k the roll
//    angle per chord), so the polygons clear each other by 0 … h1 + h2 more than the exact ones.
//    When the flanks part, the other flanks close first after the backlash j_n, so
//    −(j_n + h1 + h2) ≤ x ≤ δ_max + h1 + h2.
//    δ_max: the law F = k δ^1.5, k = 4/3 E* √R (R the scene's 2R per body in series). The teeth
//    start unloaded and the load is a step: an undamped Hertz contact under a step force F_s
//    swings to F_max = 2.5 F_s (F_s δ_max = (2/5) k δ_max^2.5), the worst single-patch case.
//    F_s is the rigid mesh force, F_s = (T_L + i I2 α1) / r_b2 (the wheel's moment balance).
//
// 3. Rigid dynamics: I1 θ̈1 = T + M1, I2 θ̈2 = T_L + M2. With θ2 = −i θ1 + x / r_b2 and
//    M2 = M1 / i + ε (ε = 0 on the line of action):
//      (I1 + i² I2) θ̈1 = T − i T_L + (i I2 / r_b2) ẍ − i ε,
//    so from rest with x(0) = ẋ(0) = 0, α1 = (T − i T_L) / (I1 + i² I2) and
//      Δθ1(t) = ½ α1 t² + c x(t) − (i / I_eq) ∫∫ ε,   c = i I2 / (r_b2 I_eq), I_eq = I1 + i² I2.
//    The mean acceleration 2 Δθ1(t) / t² is α1 to within 2 c max|x| / t² + (i / I_eq) max|ε̄|.
//    ε comes from the tessellation: a chord's normal is within η = (Δt1 + Δt2) / 2 of the true
//    one and the contact lies at most ℓ = max(approach, recess length of the path of contact)
//    from P, and (while the loaded flanks touch) at most x_hi = δ_max + h1 + h2 off the line of
//    action, so the force's line misses P by d ≤ ℓ η + x_hi, which changes each arm by ≤ d: |ε| ≤ F
//    d (1 + 1/i), and the moment ratio of item 1 by at most d (1/r_b1 + 1/r_b2) relative (the band
//    at each frame). ε̄ uses the mean force, F_s.
//
// 4. Energy. Gravity is along the shafts (no work). The torques' work equals the kinetic energy
//    plus −W_c, W_c the work of the contact forces; −W_c = the energy stored in the indentations
//    plus what the law's damping dissipated ≥ 0: contact never adds energy.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

constexpr double kPi = std::numbers::pi;

// Rotation about +z of a pose whose axis stays z.
double angleAboutZ(const Pose& pose) {
  return std::atan2(pose.rotation(1, 0), pose.rotation(0, 0));
}

double wrap(double angle) { return std::remainder(angle, 2.0 * kPi); }

}  // namespace

TEST_CASE("spur gears driven by a torque: ratio, mesh dynamics, transmitted torque, passivity",
          "[corpus][slow]") {
  Scene scene = test::readShippedScene("corpus/spur_gears.json");
  scene.solver.time_step = 1e-3;
  scene.solver.tolerance = 1e-6;
  const int pinion = bodyIndex(scene, "pinion"), wheel = bodyIndex(scene, "wheel");
  REQUIRE(pinion >= 0);
  REQUIRE(wheel >= 0);

  // The gears as generated (assets/generator/generate_models.cpp).
  const double m = 0.002, alpha = 20.0 * kPi / 180.0, thinning = 0.05e-3;
  const int z1 = 20, z2 = 40, flank_divisions = 32;
  const double i = static_cast<double>(z1) / z2;
  const double r1 = m * z1 / 2, r2 = m * z2 / 2, a = r1 + r2;
  const double rb1 = r1 * std::cos(alpha), rb2 = r2 * std::cos(alpha);
  const double ra1 = r1 + m, ra2 = r2 + m;
  const Vec3 o1 = scene.bodies[pinion].pose.translation, o2 = scene.bodies[wheel].pose.translation;
  REQUIRE((o2 - o1 - Vec3(a, 0, 0)).norm() < 1e-12);
  // Roll angle at the tip, per chord (the flanks start at the base circle: r_f < r_b for both).
  const double ta1 = std::sqrt((ra1 / rb1) * (ra1 / rb1) - 1.0);
  const double ta2 = std::sqrt((ra2 / rb2) * (ra2 / rb2) - 1.0);
  const double dt1 = ta1 / flank_divisions, dt2 = ta2 / flank_divisions;
  const double h = rb1 * ta1 * (1 - std::cos(dt1 / 2)) + rb2 * ta2 * (1 - std::cos(dt2 / 2));
  const double backlash_normal = 2.0 * thinning * std::cos(alpha);
  // Path of contact: from P, the approach (wheel tip) and recess (pinion tip) lengths.
  const double approach = std::sqrt(ra2 * ra2 - rb2 * rb2) - rb2 * std::tan(alpha);
  const double recess = std::sqrt(ra1 * ra1 - rb1 * rb1) - rb1 * std::tan(alpha);
  const double path_half = std::max(approach, recess);

  // Loads and inertias from the scene.
  double torque = 0, load = 0;
  for (const SceneLoad& l : scene.loads) {
    if (l.body == "pinion") torque += l.torque.z();
    if (l.body == "wheel") load += l.torque.z();
  }
  REQUIRE(torque > 0);
  REQUIRE(load > 0);
  const double I1 = scene.bodies[pinion].mass.inertia(2, 2);
  const double I2 = scene.bodies[wheel].mass.inertia(2, 2);
  const double I_eq = I1 + i * i * I2;
  const double alpha1 = (torque - i * load) / I_eq;
  REQUIRE(alpha1 > 0);  // the pinion wins: the loaded flanks stay the driving ones

  // Hertz: E* of steel on steel, R of the law (the scene's contact radius, 2R at the pitch point,
  // taken per body and in series), F_s and the step-load bound on δ.
  const double e_star = 1.0 / (2.0 * (1.0 - 0.3 * 0.3) / 2.1e11);
  const double rho1 = r1 * std::sin(alpha), rho2 = r2 * std::sin(alpha);
  const double radius = rho1 * rho2 / (rho1 + rho2);
  const double k = 4.0 / 3.0 * e_star * std::sqrt(radius);
  const double force_static = (load + i * I2 * alpha1) / rb2;
  const double delta_max = std::pow(2.5 * force_static / k, 2.0 / 3.0);
  const double x_hi = delta_max + h, x_lo = -(backlash_normal + h);
  const double x_abs = std::max(x_hi, -x_lo);
  const double eta = (dt1 + dt2) / 2;
  const double miss = path_half * eta + x_hi;  // while the loaded flanks touch, x ≤ x_hi
  const double ratio_band = miss * (1 / rb1 + 1 / rb2);
  const double c = i * I2 / (rb2 * I_eq);

  Simulation simulation(scene);
  const double end = scene.end_time;
  REQUIRE(end > 0);
  const double th1_0 = angleAboutZ(scene.bodies[pinion].pose);
  const double th2_0 = angleAboutZ(scene.bodies[wheel].pose);
  double th1 = 0, th2 = 0;  // unwrapped, from t = 0
  double prev1 = th1_0, prev2 = th2_0;
  double x_min = 0, x_max = 0, worst_ratio = 0, sum_in = 0, sum_out = 0, worst_gain = -INFINITY;
  int frames_loaded = 0;
  while (simulation.time() < end - 1e-9) {
    REQUIRE_NOTHROW(simulation.step());
    const SimulationFrame frame = simulation.frame();
    const double a1 = angleAboutZ(frame.bodies[pinion].pose);
    const double a2 = angleAboutZ(frame.bodies[wheel].pose);
    th1 += wrap(a1 - prev1);
    th2 += wrap(a2 - prev2);
    prev1 = a1;
    prev2 = a2;
    const double x = rb1 * th1 + rb2 * th2;
    x_min = std::min(x_min, x);
    x_max = std::max(x_max, x);
    // Contact moments about the shafts (z components); the pinion is either body of a patch.
    double m1 = 0, m2 = 0;
    for (const ContactDiagnostics& contact : frame.contacts) {
      const Vec3 p = contact.patch.forcePoint();
      const Vec3 on_b = contact.force();
      const Vec3 on_pinion = contact.body_a == pinion ? Vec3(-on_b) : on_b;
      const Vec3 on_wheel = -on_pinion;
      m1 += (p - o1).cross(on_pinion).z();
      m2 += (p - o2).cross(on_wheel).z();
    }
    if (m1 < 0) {  // loaded: τ_in = −M1 > 0
      ++frames_loaded;
      sum_in += -m1;
      sum_out += m2;
      worst_ratio = std::max(worst_ratio, std::abs(m2 / (-m1) / (-1.0 / i) - 1.0));
    }
    const EnergyReport e = simulation.integrator().energy();
    worst_gain = std::max(worst_gain, e.source_work);
  }
  const EnergyReport e = simulation.integrator().energy();
  const double t = simulation.time();
  const double mean_alpha = 2.0 * th1 / (t * t);
  const double alpha_tol = 2.0 * c * x_abs / (t * t) + i * force_static * miss * (1 + 1 / i) / I_eq;

  INFO("pinion " << th1 << " rad, wheel " << th2 << " rad in " << t << " s; x in [" << x_min * 1e6
                 << ", " << x_max * 1e6 << "] um of [" << x_lo * 1e6 << ", " << x_hi * 1e6
                 << "] um");
  INFO("mean alpha1 " << mean_alpha << " rad/s^2, rigid " << alpha1 << " +- " << alpha_tol);
  INFO("torque ratio: mean " << sum_out / sum_in << ", worst deviation " << worst_ratio
                             << " of band " << ratio_band << " over " << frames_loaded
                             << " loaded frames");
  INFO("energy: load work " << e.load_work << " J, kinetic " << e.kinetic << " J, contact work "
                            << e.source_work << " J (max " << worst_gain << "), balance "
                            << e.balance());
  // The run turned a few teeth through the mesh (≥ 3 pinion pitches), so every claim below was
  // tested across tooth-pair changes.
  CHECK(th1 > 3 * 2 * kPi / z1);
  // 2. Kinematics.
  CHECK(x_max <= x_hi);
  CHECK(x_min >= x_lo);
  // 3. Dynamics.
  CHECK(std::abs(mean_alpha - alpha1) <= alpha_tol);
  // 1. Transmitted torque.
  CHECK(frames_loaded > 0.9 * t / scene.solver.time_step);
  CHECK(worst_ratio <= ratio_band);
  CHECK(std::abs(sum_out / sum_in * (-i) - 1.0) <= ratio_band);
  // 4. Energy: the books balance to the integration's tolerance of the work done, and the
  // contacts never gave energy (cumulative contact work ≤ 0).
  CHECK(std::abs(e.balance()) <= 1e-3 * e.load_work);
  CHECK(worst_gain <= 1e-9 * e.load_work);
  CHECK(e.load_work > 0);
  WARN("gears: pinion " << th1 << " rad; x in [" << x_min * 1e6 << ", " << x_max * 1e6
                        << "] um (bound [" << x_lo * 1e6 << ", " << x_hi * 1e6 << "]); alpha1 "
                        << mean_alpha << " vs " << alpha1 << " +- " << alpha_tol << "; ratio mean "
                        << sum_out / sum_in << ", worst dev " << worst_ratio << " (band "
                        << ratio_band << "); contact work " << e.source_work << " J of load work "
                        << e.load_work << " J; balance " << e.balance());
}
