// Involute spur gears (generator/spur_gear.h): closed and outward; the flank vertices on their
// involutes; the pitch-circle tooth thickness, tip and root radii of the spec; the volume equal
// to the exact section area × face width within the polygon's chordal loss; bad specs refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "generator/spur_gear.h"
#include "geometry/mass_properties.h"

using namespace contactsim;
using namespace contactsim::models;

namespace {

constexpr double kPi = std::numbers::pi;

// Independent closed forms (Litvin & Fuentes 2004, §10): r_b = m z cos α / 2, the half tooth
// angle at radius ρ ≥ r_b is ψ(ρ) = s / (2r) + inv α − inv α_ρ, inv x = tan x − x, and below
// r_b the flank is radial (ψ(r_b)).
struct Expected {
  double r, rb, ra, rf, psi_p, inv_alpha;
  explicit Expected(const SpurGearSpec& s)
      : r(s.module * s.teeth / 2),
        rb(r * std::cos(s.pressure_angle)),
        ra(r + s.module),
        rf(r - 1.25 * s.module),
        psi_p((kPi * s.module / 2 - s.thinning) / (2 * r)),
        inv_alpha(std::tan(s.pressure_angle) - s.pressure_angle) {}
  double psi(double rho) const {
    if (rho <= rb) return psi_p + inv_alpha;
    const double t = std::sqrt((rho / rb) * (rho / rb) - 1);  // ρ = r_b √(1 + t²)
    return psi_p + inv_alpha - (t - std::atan(t));            // polar angle t − atan t
  }
  // Exact section area: π r_f² + z ∫_{r_f}^{r_a} 2 ψ(ρ) ρ dρ. Radial part (ρ < r_b) at constant
  // ψ_b; involute part with ρ dρ = r_b² t dt and ∫ t atan t dt = ((1 + t²) atan t − t) / 2.
  double area(int z) const {
    const double psi_b = psi_p + inv_alpha;
    const double lo = std::min(rf, rb);
    double per_tooth = psi_b * (rb * rb - lo * lo) * (rf < rb ? 1.0 : 0.0);
    const auto antiderivative = [&](double t) {  // of 2 ψ(t) r_b² t
      return 2 * rb * rb *
             (psi_b * t * t / 2 - t * t * t / 3 + ((1 + t * t) * std::atan(t) - t) / 2);
    };
    const auto roll = [&](double rho) {
      return std::sqrt(std::max(0.0, (rho / rb) * (rho / rb) - 1));
    };
    per_tooth += antiderivative(roll(ra)) - antiderivative(roll(std::max(rf, rb)));
    return kPi * rf * rf + z * per_tooth;
  }
};

// Largest distance of a curve from its chord when its tangent turns by `turn` and its curvature
// radius stays below rho: that of the circular arc, rho (1 − cos(turn / 2)).
double sagitta(double rho, double turn) { return rho * (1 - std::cos(turn / 2)); }

SpurGearSpec shippedSpec(int teeth) {
  SpurGearSpec s;
  s.module = 0.002;
  s.teeth = teeth;
  s.face_width = 0.01;
  s.thinning = 0.05e-3;
  s.flank_divisions = 32;
  s.tip_divisions = 3;
  s.root_divisions = 6;
  s.width_divisions = 4;
  return s;
}

}  // namespace

TEST_CASE("spur gear: closed, outward, on its involutes, thickness, radii, volume", "[gear]") {
  for (const int z : {18, 20, 40, 60}) {
    const SpurGearSpec spec = shippedSpec(z);
    const Expected ex(spec);
    const TriMesh mesh = makeSpurGear(spec);
    INFO("z = " << z);
    CHECK(mesh.watertight());
    CHECK(mesh.consistentlyOriented());
    CHECK(mesh.degenerateTriangleCount() == 0);
    const double tol = 1e-12 * ex.ra;  // round-off at the model's scale

    // Every outline vertex (all but the two cap centres) lies on the tip circle, the root circle
    // or a flank; flank vertices satisfy the involute relations.
    double r_min = INFINITY, r_max = 0;
    int flank_vertices = 0;
    const double pitch_angle = 2 * kPi / z;
    for (const Vec3& v : mesh.vertices()) {
      const double rho = std::hypot(v.x(), v.y());
      if (rho < 1e-9) continue;  // cap centre
      r_min = std::min(r_min, rho);
      r_max = std::max(r_max, rho);
      const double theta = std::atan2(v.y(), v.x());
      const double rel = std::remainder(theta, pitch_angle);  // from the nearest tooth's centre
      if (rho > ex.rf + tol && rho < ex.ra - tol) {
        ++flank_vertices;
        CHECK(std::abs(std::abs(rel) - ex.psi(rho)) < 1e-11);
      }
    }
    CHECK(r_max == Approx(ex.ra).epsilon(1e-14));
    CHECK(r_min == Approx(ex.rf).epsilon(1e-14));
    // Two flanks per tooth, flank_divisions − 1 inner vertices each (+1 for the base-circle
    // vertex when the radial part exists), on every row.
    const int per_flank = spec.flank_divisions - 1 + (ex.rf < ex.rb ? 1 : 0);
    CHECK(flank_vertices == 2 * z * per_flank * (spec.width_divisions + 1));

    // Tooth thickness on the pitch circle: where the flank polygon of tooth 0 (top face) crosses
    // ρ = r, interpolated along its chord. The chord lies within its sagitta h of the involute,
    // which shifts the crossing along the circle by ≤ h / cos α_r (the involute's normal makes
    // the pressure angle α_r with the circle's tangent); both flanks: 2 h / cos α.
    std::vector<std::pair<double, double>> upper;  // (ρ, θ) of tooth 0's upper flank
    for (const Vec3& v : mesh.vertices()) {
      const double rho = std::hypot(v.x(), v.y());
      const double theta = std::atan2(v.y(), v.x());
      if (v.z() > 0 && rho > ex.rb * (1 - 1e-12) && theta > 0 && theta < pitch_angle / 2 &&
          rho < ex.ra - tol)
        upper.push_back({rho, theta});
    }
    std::sort(upper.begin(), upper.end());
    const auto crossing =
        std::find_if(upper.begin(), upper.end(), [&](const auto& p) { return p.first > ex.r; });
    REQUIRE(crossing != upper.begin());
    REQUIRE(crossing != upper.end());
    const auto [rho0, th0] = *(crossing - 1);
    const auto [rho1, th1] = *crossing;
    // Interpolate in Cartesian along the chord to ρ = r.
    const Eigen::Vector2d p0(rho0 * std::cos(th0), rho0 * std::sin(th0));
    const Eigen::Vector2d p1(rho1 * std::cos(th1), rho1 * std::sin(th1));
    double lo = 0, hi = 1;
    for (int it = 0; it < 200; ++it) {
      const double mid = (lo + hi) / 2;
      ((p0 + mid * (p1 - p0)).norm() < ex.r ? lo : hi) = mid;
    }
    const Eigen::Vector2d q = p0 + lo * (p1 - p0);
    const double thickness = 2 * ex.r * std::atan2(q.y(), q.x());  // symmetric tooth: 2 r θ
    const double t0 = std::sqrt((rho0 / ex.rb) * (rho0 / ex.rb) - 1);
    const double t1 = std::sqrt((rho1 / ex.rb) * (rho1 / ex.rb) - 1);
    const double h = sagitta(ex.rb * t1, t1 - t0);
    const double s = kPi * spec.module / 2 - spec.thinning;
    INFO("thickness " << thickness << " of " << s << ", bound "
                      << 2 * h / std::cos(spec.pressure_angle));
    CHECK(std::abs(thickness - s) <= 2 * h / std::cos(spec.pressure_angle) + tol);
    CHECK(thickness <= s + tol);  // the chord is inside the (convex) tooth

    // Volume = polygon area × width. The polygon's chords lie inside the exact section (convex
    // flanks, tip arc; the root arc bounds the material from outside the tooth space) and each
    // cuts off a segment within its c × h rectangle, c the chord, h its sagitta; the radial
    // segments are exact. Sum that over the outline of one row (z − w/2 face).
    double lost = 0;
    {
      std::vector<Vec3> row;
      for (const Vec3& v : mesh.vertices())
        if (std::abs(v.z() + spec.face_width / 2) < tol && std::hypot(v.x(), v.y()) > 1e-9)
          row.push_back(v);
      std::sort(row.begin(), row.end(), [](const Vec3& a, const Vec3& b) {
        return std::atan2(a.y(), a.x()) < std::atan2(b.y(), b.x());
      });
      for (std::size_t k = 0; k < row.size(); ++k) {
        const Vec3& a = row[k];
        const Vec3& b = row[(k + 1) % row.size()];
        const double ra_ = std::hypot(a.x(), a.y()), rb_ = std::hypot(b.x(), b.y());
        const double c = (b - a).norm();
        double hk = 0;
        if (std::abs(ra_ - rb_) < tol) {  // an arc of the tip or root circle
          const double turn = std::abs(
              std::remainder(std::atan2(b.y(), b.x()) - std::atan2(a.y(), a.x()), 2 * kPi));
          hk = sagitta(ra_, turn);
        } else if (std::min(ra_, rb_) >= ex.rb * (1 - 1e-12)) {  // an involute chord
          const double ta = std::sqrt(std::max(0.0, (ra_ / ex.rb) * (ra_ / ex.rb) - 1));
          const double tb = std::sqrt(std::max(0.0, (rb_ / ex.rb) * (rb_ / ex.rb) - 1));
          hk = sagitta(ex.rb * std::max(ta, tb), std::abs(ta - tb));
        }  // else the radial segment: exact
        lost += c * hk;
      }
    }
    const double exact = ex.area(z) * spec.face_width;
    const double volume = computeMassProperties(mesh, 1.0).volume;
    INFO("volume " << volume << ", exact " << exact << ", chordal bound "
                   << lost * spec.face_width);
    CHECK(volume <= exact * (1 + 1e-12));
    CHECK(exact - volume <= lost * spec.face_width + 1e-12 * exact);
  }
}

TEST_CASE("spur gear: bad specs are refused naming the field", "[gear]") {
  const auto refuses = [](SpurGearSpec s, const std::string& field) {
    try {
      makeSpurGear(s);
    } catch (const std::invalid_argument& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(field) != std::string::npos);
      return;
    }
    FAIL("accepted a bad " << field);
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  SpurGearSpec s;
  s.teeth = 17;  // below the undercut limit ⌈2 / sin² 20°⌉ = 18
  refuses(s, "teeth");
  s = {};
  s.module = 0;
  refuses(s, "module");
  s.module = -0.001;
  refuses(s, "module");
  s.module = nan;
  refuses(s, "module");
  s = {};
  s.face_width = nan;
  refuses(s, "face_width");
  s = {};
  s.pressure_angle = nan;
  refuses(s, "pressure_angle");
  s = {};
  s.thinning = nan;
  refuses(s, "thinning");
  s.thinning = -1e-6;
  refuses(s, "thinning");
  // The tip thickness of m = 2 mm, z = 20 is 2 r_a ψ(r_a) ≈ 1.39 mm; thinning by s on the pitch
  // circle takes s r_a / r off it, so 1.3 mm leaves a pointed tooth.
  s.thinning = 1.3e-3;
  refuses(s, "thinning");
  s = {};
  s.flank_divisions = 0;
  refuses(s, "flank_divisions");
  CHECK(spurGearDims(SpurGearSpec{}).min_teeth == 18);
  CHECK_NOTHROW(makeSpurGear(SpurGearSpec{}));
}
