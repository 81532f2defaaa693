#include "dynamics/chain_path.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace contactsim {
namespace {

Mat3 acrossUnit(const Vec3& u) { return Mat3::Identity() - u * u.transpose(); }

ChainPath straightPath(const Vec3& a, const Vec3& b) {
  ChainPath path;
  const Vec3 d = b - a;
  path.length = d.norm();
  if (!(path.length > 0.0)) return path;
  const Vec3 n = d / path.length;
  // ℓ = |b − a|: ∂ℓ/∂b = n = −∂ℓ/∂a, ∂²ℓ/∂b² = (I − nnᵀ)/ℓ = −∂²ℓ/∂a∂b.
  path.grad_a = -n;
  path.grad_b = n;
  path.hess_bb = acrossUnit(n) / path.length;
  path.hess_aa = path.hess_bb;
  path.hess_ab = -path.hess_bb;
  return path;
}

// The rim point p(φ) = c + r·ρ(φ) + z(φ)·m, ρ = cos φ·u1 + sin φ·u2, on the plane n·(p − c) = 0:
// z = −r·(n·ρ)/(n·m). Then z'' = −z, so p'' = −(p − c) as on a circle. Also the sums over both
// segments that the minimisation of f(φ) = |a − p| + |b − p| needs.
struct RimPoint {
  Vec3 p, dp;          // p, p' = dp/dφ
  Vec3 ua, ub;         // unit, from p towards a and b
  double la, lb;       // |a − p|, |b − p|
  double slope, curv;  // f'(φ), f''(φ)
};

struct RingFrame {
  Vec3 m, n, u1, u2;  // axis, plane normal, and the axis's normal plane
};

// Where the segment from p to q crosses the ring's plane and that point's offset from the axis
// (perpendicular to it: within the radius is within the opening); none if p and q are on one
// side of the plane, or on it.
struct PlaneCrossing {
  Vec3 point, off_axis;
};
std::optional<PlaneCrossing> planeCrossing(const ChainGuide& g, const RingFrame& f, const Vec3& p,
                                           const Vec3& q) {
  const double sp = (p - g.centre).dot(f.n), sq = (q - g.centre).dot(f.n);
  if (!(sp * sq < 0.0)) return std::nullopt;
  PlaneCrossing crossing;
  crossing.point = p + (q - p) * (sp / (sp - sq));
  crossing.off_axis = crossing.point - g.centre;
  crossing.off_axis -= crossing.off_axis.dot(f.m) * f.m;
  return crossing;
}

RingFrame ringFrame(const ChainGuide& g) {
  RingFrame f;
  f.m = g.axis.normalized();
  f.n = g.plane_normal ? g.plane_normal->normalized() : f.m;
  return f;
}

RimPoint rimPoint(const ChainGuide& g, const RingFrame& f, double phi, const Vec3& a,
                  const Vec3& b) {
  RimPoint r;
  const Vec3 rho = std::cos(phi) * f.u1 + std::sin(phi) * f.u2;
  const Vec3 drho = -std::sin(phi) * f.u1 + std::cos(phi) * f.u2;
  const double lean = g.radius / f.n.dot(f.m);
  const Vec3 from_centre = g.radius * rho - lean * f.n.dot(rho) * f.m;
  r.p = g.centre + from_centre;
  r.dp = g.radius * drho - lean * f.n.dot(drho) * f.m;
  r.la = (a - r.p).norm();
  r.lb = (b - r.p).norm();
  r.ua = (a - r.p) / r.la;
  r.ub = (b - r.p) / r.lb;
  // f' = −(ua + ub)·p';  f'' = p'ᵀ(I − ua uaᵀ)p'/la + p'ᵀ(I − ub ubᵀ)p'/lb + (ua + ub)·(p − c).
  r.slope = -(r.ua + r.ub).dot(r.dp);
  const double ta = r.ua.dot(r.dp), tb = r.ub.dot(r.dp);
  r.curv = (r.dp.squaredNorm() - ta * ta) / r.la + (r.dp.squaredNorm() - tb * tb) / r.lb +
           (r.ua + r.ub).dot(from_centre);
  return r;
}

}  // namespace

void checkChainGuide(const ChainGuide& guide) {
  if (!guide.centre.allFinite()) throw std::invalid_argument("chain guide centre must be finite");
  if (!guide.axis.allFinite() || !(guide.axis.norm() > 0.0))
    throw std::invalid_argument("chain guide axis must be a finite, non-zero vector");
  if (!(guide.radius > 0.0) || !std::isfinite(guide.radius))
    throw std::invalid_argument("chain guide radius must be positive and finite");
  if (guide.plane_normal) {
    const Vec3& n = *guide.plane_normal;
    if (!n.allFinite() || !(n.norm() > 0.0))
      throw std::invalid_argument("chain guide plane_normal must be a finite, non-zero vector");
    if (!(std::abs(n.normalized().dot(guide.axis.normalized())) >= std::cos(kGuideMaxLean)))
      throw std::invalid_argument(
          "chain guide plane_normal leans more than 80 degrees from the axis");
  }
}

ChainPath chainPath(const Vec3& a, const Vec3& b, const std::optional<ChainGuide>& guide) {
  if (!guide) return straightPath(a, b);
  const ChainGuide& g = *guide;
  RingFrame f = ringFrame(g);
  // Both ends on one side of the ring's plane (or on it), or the segment through the opening:
  // nothing leads the chain.
  const std::optional<PlaneCrossing> crossing = planeCrossing(g, f, a, b);
  if (!crossing || crossing->off_axis.norm() <= g.radius) return straightPath(a, b);

  // The segment misses the opening: the chain bears on the rim where f(φ) = |a − p| + |b − p| is
  // least. Start at the crossing's angle (f is convex about its minimum there: every term of f''
  // is ≥ 0 once the chain bends towards the centre) and take Newton steps, at most ½ rad each.
  f.u1 = crossing->off_axis.normalized();
  f.u2 = f.m.cross(f.u1);
  double phi = 0.0;
  RimPoint r = rimPoint(g, f, phi, a, b);
  for (int iteration = 0; iteration < 60; ++iteration) {
    const double step =
        r.curv > 0.0 ? std::clamp(-r.slope / r.curv, -0.5, 0.5) : (r.slope > 0.0 ? -0.5 : 0.5);
    phi += step;
    r = rimPoint(g, f, phi, a, b);
    if (std::abs(step) <= 1e-14) break;
  }
  ChainPath path;
  path.length = r.la + r.lb;
  path.bend = r.p;
  // With p at the minimum, ∂ℓ/∂a = ua and ∂ℓ/∂b = ub (f' = 0: p's own motion does not change ℓ).
  path.grad_a = r.ua;
  path.grad_b = r.ub;
  // Second derivatives with p held, less what p's move along the rim gives back:
  // ∇²ℓ = ∂²f/∂x² − (∂f'/∂x)(∂f'/∂x)ᵀ/f'' with ∂f'/∂a = −(I − ua uaᵀ)p'/la (and b alike).
  const Mat3 pa = acrossUnit(r.ua) / r.la, pb = acrossUnit(r.ub) / r.lb;
  const Vec3 ma = -pa * r.dp, mb = -pb * r.dp;
  const double inverse_curv = r.curv > 0.0 ? 1.0 / r.curv : 0.0;
  path.hess_aa = pa - inverse_curv * ma * ma.transpose();
  path.hess_ab = -inverse_curv * ma * mb.transpose();
  path.hess_bb = pb - inverse_curv * mb * mb.transpose();
  return path;
}

double guideJump(const ChainGuide& guide, const Vec3& fixed, const Vec3& from, const Vec3& to) {
  const RingFrame f = ringFrame(guide);
  const std::optional<PlaneCrossing> crossing = planeCrossing(guide, f, from, to);
  if (!crossing || crossing->off_axis.norm() <= guide.radius) return 0.0;
  // Just beyond the plane from `fixed`, where the rule asks for the rim path.
  const double s_fixed = (fixed - guide.centre).dot(f.n);
  if (s_fixed == 0.0) return 0.0;
  const Vec3 beyond = crossing->point - (s_fixed > 0.0 ? 1.0 : -1.0) * 1e-9 * guide.radius * f.n;
  return chainPath(fixed, beyond, guide).length - (crossing->point - fixed).norm();
}

}  // namespace contactsim
