// Everyday contact corpus (assets/scenes/corpus/chain_links*.json): two interlocking steel chain
// links, tori of major radius R = 0.2 m and tube radius r = 0.05 m (assets/models/torus.obj,
// makeTorus(0.2, 0.05, 96, 32): the ring in the body's xy plane, the axis body z). Link A is
// fixed with its plane vertical (xz), link B hangs through it with its plane vertical and
// perpendicular to A's (yz); both centres lie on the vertical z axis, B below A, gravity −z.
//
// Geometry of the smooth tori. With d the centre distance, A's bars cross the z axis at z = ±R
// (tube along x) and B's at z = −d ± R (tube along y); crossed tubes touch when their centre
// lines are 2r apart. So B's upper bar rests on A's lower bar (pulled apart) at d = 2R − 2r, and
// B's upper bar meets A's upper bar and B's lower bar A's lower bar at once (pushed together) at
// d = 2r. In between, B is free. B's orientation is A's carried by the half-turn S about the
// horizontal axis (1, 1, 0)/√2 through (0, 0, −d/2), which swaps A and B: the two pushed contacts
// (A inside on B outside above, A outside on B inside below) are images of each other under S,
// with the same principal relative curvatures (1/r − 1/(R − r), 1/r + 1/(R + r)), so they share
// the load evenly. The mesh is invariant under the half-turns about its own x and y axes, so S
// maps the faceted meshes onto each other too.
//
// Facets. The mesh's vertices lie on the smooth torus at θ = 2πi/96, ψ = 2πj/32. A point of a
// facet interpolates its cell: along the tube (ψ) a chord of a circle of radius r, at most
// s_tube = r(1 − cos(π/32)) off the arc; along the ring (θ) a chord of a circle of radius
// R + r·cos ψ ≤ R + r, at most s_ring = (R + r)(1 − cos(π/96)) off (inward at the outer equator,
// outward into the hole at the inner one). The mixed term of the interpolation is ∝ r·|sin ψ|,
// zero at the equators ψ = 0, π where every contact here lies. So each faceted surface is within
// s = s_ring + s_tube of the smooth one there, and the contact distance is within 2s of the
// smooth value (both bodies). The same sags bound the mass (Pappus: V = section area × path of
// its centroid, 2πR·πr² smooth): the faceted section is a 32-gon inscribed in the tube's circle,
// area ratio sin(2π/32)/(2π/32) = 1 − (4/3)·s_tube/r + …, and its path a 96-gon inscribed in the
// ring, length ratio sin(π/96)/(π/96) = 1 − (2/3)·s_ring/R + …; so
// 1 ≥ m/m_smooth ≥ 1 − 2·s_tube/r − s_ring/R.
//
// Law. Hunt–Crossley with exponent 1.5, F = k·δ^1.5·(1 + 3(1 − ε)/2·δ̇/δ̇₀), ε = 0.5, and k the
// Hertz stiffness of the pulled-apart contact: both surfaces at their inner equators, principal
// curvatures 1/r (tube) and −1/(R − r) (ring), crossed at right angles, so the relative curvature
// is 1/r − 1/(R − r) in both directions — a circular contact of effective radius
// R_e = r(R − r)/(R − 2r) = 0.075 m; k = 4/3·E*·√R_e, E* = E/(2(1 − ν²)) for steel on steel
// (Johnson, Contact Mechanics, 1985, §4.2). The pushed-together contacts are elliptic (relative
// curvatures above, Hertz's equivalent radius 1/√(κ₁κ₂) ≈ 0.056 m), but the law is one point law
// per pair, so the same k acts there and the expected values use it. At rest the static indentation
// under a normal force N is δ = (N/k)^(2/3); the elastic energy stored at δ is
// W = ∫ k δ^1.5 dδ = 2/5·k·δ^2.5, and a passive contact stores no more than the energy brought
// to it, so the worst indentation of an impact after free travel Δ under the net force P is
// bounded by 2/5·k·δ^2.5 ≤ P·(Δ + δ) (the force keeps working during the indentation); solved
// by fixed-point iteration from δ = 0, which increases monotonically to the root.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "shipped_scene.h"
#include "sim/simulation.h"

using namespace contactsim;

namespace {

constexpr double kR = 0.2, kTube = 0.05, kG = 9.81;

struct Links {
  double s_ring = (kR + kTube) * (1.0 - std::cos(M_PI / 96.0));
  double s_tube = kTube * (1.0 - std::cos(M_PI / 32.0));
  double facets = 2.0 * (s_ring + s_tube);  // bound on |faceted − smooth| contact distance
  double apart = 2.0 * kR - 2.0 * kTube;    // d when pulled apart
  double together = 2.0 * kTube;            // d when pushed together
  double k = 0.0;                           // N/m^1.5, Hertz stiffness of the law
};

// Worst Hertz indentation of a contact that P drives after a free travel Δ (header comment).
double maxIndentation(double k, double force, double travel) {
  double delta = 0.0;
  for (int i = 0; i < 50; ++i) delta = std::pow(2.5 * force * (travel + delta) / k, 0.4);
  return delta;
}

Scene readLinks(const char* file) {
  Scene scene = test::readShippedScene(std::string("corpus/") + file);
  scene.solver.time_step = 1e-3;
  scene.solver.tolerance = 1e-6;
  return scene;
}

Links checkLinks(const Scene& scene) {
  Links links;
  const double e_star = 2.1e11 / (2.0 * (1.0 - 0.3 * 0.3));
  const double r_e = kTube * (kR - kTube) / (kR - 2.0 * kTube);
  links.k = 4.0 / 3.0 * e_star * std::sqrt(r_e);
  // The scene writes k as a number; it must be the closed form above.
  REQUIRE(scene.contact);
  REQUIRE(scene.contact->law);
  CHECK(scene.contact->law->model == "hunt-crossley");
  CHECK(scene.contact->law->parameters.at("stiffness") == Approx(links.k).epsilon(1e-5));
  CHECK(scene.contact->law->parameters.at("exponent") == 1.5);
  const double m = scene.bodies[bodyIndex(scene, "link_b")].mass.mass;
  const double m_smooth = 7850.0 * 2.0 * M_PI * M_PI * kR * kTube * kTube;
  CHECK(m <= m_smooth);
  CHECK(m >= m_smooth * (1.0 - 2.0 * links.s_tube / kTube - links.s_ring / kR));
  return links;
}

// Centre distance along the vertical and horizontal offset of B's centre from A's, and the
// contact forces on B (sum and each contact's vertical component).
struct Measure {
  double distance = 0.0, offset = 0.0, speed = 0.0;
  Vec3 force = Vec3::Zero();
  std::vector<double> lifts;  // F_z on B of each contact
};

Measure measure(const Simulation& simulation, int a, int b) {
  const SimulationFrame frame = simulation.frame();
  Measure result;
  const Vec3 rel = frame.bodies[a].pose.translation - frame.bodies[b].pose.translation;
  result.distance = rel.z();
  result.offset = std::hypot(rel.x(), rel.y());
  result.speed = frame.bodies[b].linear_velocity.norm() +
                 frame.bodies[b].angular_velocity.norm() * (kR + kTube);
  for (const ContactDiagnostics& c : frame.contacts) {
    const Vec3 on_b = c.body_b == b ? c.force() : Vec3(-c.force());
    result.force += on_b;
    result.lifts.push_back(on_b.z());
  }
  return result;
}

// Mechanical energy less the work the loads did (its start is the reference).
double netEnergy(const Simulation& simulation) {
  const EnergyReport e = simulation.integrator().energy();
  return e.kinetic + e.gravity - e.load_work;
}

// Steps to `until`, tracking the largest gain of netEnergy over `e0` and the range of d.
struct Track {
  double worst_gain = -INFINITY, closest = INFINITY, farthest = -INFINITY;
};
void run(Simulation& simulation, double until, int a, int b, double e0, Track& track) {
  const int body_a = a, body_b = b;
  while (simulation.time() < until - 1e-9) {
    REQUIRE_NOTHROW(simulation.step());
    track.worst_gain = std::max(track.worst_gain, netEnergy(simulation) - e0);
    const Vec3 pa =
        simulation.system().bodyPose(body_a, simulation.integrator().state().q).translation;
    const Vec3 pb =
        simulation.system().bodyPose(body_b, simulation.integrator().state().q).translation;
    track.closest = std::min(track.closest, pa.z() - pb.z());
    track.farthest = std::max(track.farthest, pa.z() - pb.z());
  }
}

}  // namespace

TEST_CASE("chain link falls onto the link it hangs from, bounces and hangs at 2R - 2r",
          "[corpus][slow]") {
  const Scene scene = readLinks("chain_links.json");
  const Links links = checkLinks(scene);
  const int a = bodyIndex(scene, "link_a"), b = bodyIndex(scene, "link_b");
  REQUIRE(a >= 0);
  REQUIRE(b >= 0);
  const double m = scene.bodies[b].mass.mass, weight = m * kG;
  const double d0 = scene.bodies[a].pose.translation.z() - scene.bodies[b].pose.translation.z();
  REQUIRE(d0 > links.together + links.facets);  // starts free, no contact
  REQUIRE(d0 < links.apart - links.facets);
  // The fall brings m g (2R − 2r − d0) (B starts at rest).
  const double fall = links.apart - d0, energy_in = weight * fall;
  const double worst_delta = maxIndentation(links.k, weight, fall);
  const double static_delta = std::pow(weight / links.k, 2.0 / 3.0);

  Simulation simulation(scene);
  const double e0 = netEnergy(simulation);
  Track track;
  run(simulation, 1.0, a, b, e0, track);
  const Measure end = measure(simulation, a, b);
  INFO("energy in " << energy_in << " J, worst gain " << track.worst_gain << " J; d in ["
                    << track.closest << ", " << track.farthest << "] m, worst indentation bound "
                    << worst_delta << " m, facets " << links.facets << " m; at the end d = "
                    << end.distance << " m (expected " << links.apart + static_delta << "), offset "
                    << end.offset << " m, speed " << end.speed << " m/s, contact force "
                    << end.force.transpose() << " N of weight " << weight << " N");
  // Contact only takes energy: never above the start, to the integration's tolerance (1e-6,
  // relative) of the energy in play.
  CHECK(track.worst_gain < 1e-6 * energy_in);
  // Never through A's bar: the free range widened by the facets and the worst indentation.
  CHECK(track.farthest <= links.apart + links.facets + worst_delta);
  CHECK(track.closest >= d0 - 1e-12);  // nothing pushes B up past its start
  // Hanging at rest: on A's lower bar, the static Hertz indentation under m g, within the facets'
  // bound; directly below A (the bars' valleys meet at the vertices on the z axis).
  CHECK(std::abs(end.distance - (links.apart + static_delta)) <= links.facets);
  CHECK(end.offset <= links.facets);
  // At rest: kinetic energy below 1e-9 of the fall's (speed² ≤ 2e-9·g·Δ).
  CHECK(end.speed * end.speed <= 2e-9 * kG * fall);
  // Force balance: one contact carrying m g straight up (to the solver's 1e-6 tolerance; 1e-4
  // relative allows for the contact force being the last accepted step's).
  CHECK(end.lifts.size() == 1);
  CHECK(end.force.z() == Approx(weight).epsilon(1e-4));
  CHECK(std::hypot(end.force.x(), end.force.y()) <= 1e-4 * weight);
  WARN("hanging: energy in " << energy_in << " J, worst gain " << track.worst_gain
                             << " J; farthest " << track.farthest << " m of bound "
                             << links.apart + links.facets + worst_delta << " m; end d "
                             << end.distance << " m, expected " << links.apart + static_delta
                             << " m; F_z " << end.force.z() << " N of " << weight << " N");
}

TEST_CASE("chain link pushed up into the link above (two contacts), then let go",
          "[corpus][slow]") {
  Scene scene = readLinks("chain_links_pushed.json");
  const Links links = checkLinks(scene);
  const int a = bodyIndex(scene, "link_a"), b = bodyIndex(scene, "link_b");
  REQUIRE(a >= 0);
  REQUIRE(b >= 0);
  REQUIRE(scene.loads.size() == 1);
  const double m = scene.bodies[b].mass.mass, weight = m * kG;
  const Vec3 push = scene.loads[0].force;
  REQUIRE(push.z() > weight);  // net upward
  const double lift = push.z() - weight;
  const double d0 = scene.bodies[a].pose.translation.z() - scene.bodies[b].pose.translation.z();
  REQUIRE(d0 > links.together + links.facets);
  REQUIRE(d0 < links.apart - links.facets);

  // Phase 1, pushed: the net force F − m g drives B over d0 − 2r into both contacts. The bound
  // takes all the energy into one contact (the two share it, so each stores less).
  const double up_travel = d0 - links.together, up_energy = lift * up_travel;
  const double up_delta = maxIndentation(links.k, lift, up_travel);
  // At rest each contact carries (F − m g)/2 (the symmetry S), indenting ((F − m g)/(2k))^(2/3).
  const double pushed_delta = std::pow(lift / (2.0 * links.k), 2.0 / 3.0);
  Simulation pushed(scene);
  const double e0 = netEnergy(pushed);
  Track track;
  run(pushed, 1.0, a, b, e0, track);
  const Measure top = measure(pushed, a, b);
  INFO("pushed: energy in " << up_energy << " J, worst gain " << track.worst_gain << " J; closest "
                            << track.closest << " m of bound "
                            << links.together - links.facets - up_delta << "; at rest d = "
                            << top.distance << " m (expected " << links.together - pushed_delta
                            << "), offset " << top.offset << " m, speed " << top.speed
                            << " m/s, contact force " << top.force.transpose() << " N");
  CHECK(track.worst_gain < 1e-6 * up_energy);
  CHECK(track.closest >= links.together - links.facets - up_delta);
  CHECK(std::abs(top.distance - (links.together - pushed_delta)) <= links.facets);
  CHECK(top.offset <= links.facets);
  CHECK(top.speed * top.speed <= 2e-9 * (lift / m) * up_travel);
  // Force balance: the contacts hold B down with F − m g, in two contacts carrying half each.
  // The split is statically indeterminate (both forces lie on the z axis); the two contacts share
  // it evenly because S maps the faceted configuration onto itself (A's and B's orientations are
  // exact: equal quaternion components) and makes their overlaps congruent. A split off by a
  // fraction ε needs their indentations to differ by (2/3)·ε·δ: 1 % is 0.03 µm, a thousandth of
  // the facets' sag, so this asks that the contact geometry give congruent overlaps the same
  // indentation (it computes them with A and B in swapped roles), not only the geometric bound.
  CHECK(top.force.z() == Approx(-lift).epsilon(1e-4));
  CHECK(std::hypot(top.force.x(), top.force.y()) <= 1e-4 * lift);
  REQUIRE(top.lifts.size() == 2);
  for (const double f : top.lifts) CHECK(f == Approx(-lift / 2.0).epsilon(0.01));

  // Phase 2, let go: the same state continued without the load (a checkpoint restored into the
  // scene without it; the load's work so far stays in the ledger). B falls 2R − 4r onto A's lower
  // bar and ends hanging as in the first case.
  const std::vector<std::uint8_t> checkpoint = pushed.checkpoint().value();
  const double work = pushed.integrator().energy().load_work;
  scene.loads.clear();
  Simulation released(scene);
  released.restore(checkpoint);
  CHECK(released.integrator().energy().load_work == work);
  const double e1 = netEnergy(released);
  CHECK(e1 - e0 < 1e-6 * up_energy);
  const double fall = links.apart - links.together, down_energy = weight * fall;
  const double down_delta = maxIndentation(links.k, weight, fall);
  const double static_delta = std::pow(weight / links.k, 2.0 / 3.0);
  Track down;
  run(released, 2.2, a, b, e1, down);
  const Measure end = measure(released, a, b);
  INFO("released: energy in " << down_energy << " J (load's work " << work
                              << " J), worst gain over the release " << down.worst_gain
                              << " J; farthest " << down.farthest << " m of bound "
                              << links.apart + links.facets + down_delta << "; at rest d = "
                              << end.distance << " m (expected " << links.apart + static_delta
                              << "), contact force " << end.force.transpose() << " N");
  // From the release on, no load works. Kinetic plus gravity energy may still rise by what the two
  // contacts held elastically at the release, 2·(2/5)·k·δ^2.5 (δ the pushed indentation), which
  // they give back as they unload (less what their damping takes); nothing beyond.
  const double stored = 2.0 * 0.4 * links.k * std::pow(pushed_delta, 2.5);
  CHECK(down.worst_gain < stored + 1e-6 * down_energy);
  CHECK(down.farthest <= links.apart + links.facets + down_delta);
  CHECK(down.closest >= links.together - links.facets - up_delta);
  CHECK(std::abs(end.distance - (links.apart + static_delta)) <= links.facets);
  CHECK(end.offset <= links.facets);
  CHECK(end.speed * end.speed <= 2e-9 * kG * fall);
  CHECK(end.lifts.size() == 1);
  CHECK(end.force.z() == Approx(weight).epsilon(1e-4));
  WARN("pushed: gain " << track.worst_gain << " J of " << up_energy << " J; closest "
                       << track.closest << " m; rest d " << top.distance << " m, lifts "
                       << top.lifts[0] << ", " << top.lifts[1] << " N of " << -lift / 2.0
                       << " N each; released: gain " << down.worst_gain << " J; end d "
                       << end.distance << " m, F_z " << end.force.z() << " N of " << weight);
}

// The same fall with B thrown sideways and spinning a little: it now strikes off the vertices
// on the z axis and swings and slides about A's bar. Only what holds for any motion is asserted.
// Interlocked, A's core circle passes through B's disc at a point p at least 2r from B's core
// circle, so |p − c_B| ≤ R − 2r, and |p − c_A| = R: the centres are never more than 2R − 2r
// apart, whatever the orientations (widened by the facets and the worst indentation).
TEST_CASE("chain link thrown sideways as it falls: passive and never through the other link",
          "[corpus][slow]") {
  Scene scene = readLinks("chain_links.json");
  const Links links = checkLinks(scene);
  const int a = bodyIndex(scene, "link_a"), b = bodyIndex(scene, "link_b");
  REQUIRE(a >= 0);
  REQUIRE(b >= 0);
  SceneBody& body = scene.bodies[b];
  body.linear_velocity = Vec3(0.05, 0.03, 0.0);
  body.angular_velocity = Vec3(0.2, 0.0, 0.3);
  const double m = body.mass.mass, weight = m * kG;
  const double d0 = scene.bodies[a].pose.translation.z() - body.pose.translation.z();
  Simulation simulation(scene);
  const double e0 = netEnergy(simulation);
  const double kinetic = simulation.integrator().energy().kinetic;
  const double fall = links.apart - d0;
  // The most energy a contact can store: the start's kinetic energy and the fall; as a force over
  // the fall (the bound's form), weight + kinetic/fall.
  const double energy_in = kinetic + weight * fall;
  const double worst_delta = maxIndentation(links.k, weight + kinetic / fall, fall);
  double worst_gain = -INFINITY, farthest = 0.0;
  while (simulation.time() < 2.0 - 1e-9) {
    REQUIRE_NOTHROW(simulation.step());
    worst_gain = std::max(worst_gain, netEnergy(simulation) - e0);
    const Eigen::VectorXd& q = simulation.integrator().state().q;
    farthest = std::max(farthest, (simulation.system().bodyPose(a, q).translation -
                                   simulation.system().bodyPose(b, q).translation)
                                      .norm());
  }
  INFO("energy in " << energy_in << " J, worst gain " << worst_gain << " J; farthest " << farthest
                    << " m of bound " << links.apart + links.facets + worst_delta);
  CHECK(worst_gain < 1e-6 * energy_in);
  CHECK(farthest <= links.apart + links.facets + worst_delta);
  WARN("thrown: energy in " << energy_in << " J, worst gain " << worst_gain << " J; farthest "
                            << farthest << " m of bound "
                            << links.apart + links.facets + worst_delta);
}
