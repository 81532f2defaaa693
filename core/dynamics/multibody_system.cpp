#include "dynamics/multibody_system.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <stdexcept>

namespace contactsim {
namespace {

Vec3 unitAxis(const Vec3& axis, const std::string& name) {
  const double n = axis.norm();
  if (!(n > 0.0) || !std::isfinite(n))
    throw std::invalid_argument(name + ": axis must be non-zero");
  return axis / n;
}

// A unit vector perpendicular to the unit vector s.
Vec3 perpendicular(const Vec3& s) {
  const Vec3 trial = std::abs(s.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  return s.cross(trial).normalized();
}

// The body's inertia about its base point, the centre of mass (ā = 0 in M̄).
MassInertia aboutCentreOfMass(const MassInertia& body) {
  MassInertia centred = body;
  centred.center_of_mass = Vec3::Zero();
  return centred;
}

}  // namespace

BodyIndex MultibodySystem::addBody(const BodyDefinition& body) {
  const BodyIndex index = static_cast<BodyIndex>(bodies_.size());
  bodies_.push_back(body);
  offsets_.push_back(body.fixed ? -1 : coordinates_);
  if (body.fixed) return index;

  const MassInertia& mi = body.mass;
  const Eigen::Matrix4d M = reducedMassMatrix(aboutCentreOfMass(mi));
  // M̄ is positive definite iff m > 0 and the principal moments are positive and satisfy the
  // triangle inequality (J̄'s eigenvalues about the centre of mass are (I_j + I_k − I_i)/2).
  const Eigen::Vector4d eigenvalues =
      Eigen::SelfAdjointEigenSolver<Eigen::Matrix4d>(M).eigenvalues();
  if (!(mi.mass > 0.0) || !M.allFinite() ||
      !(eigenvalues.minCoeff() > 1e-12 * eigenvalues.maxCoeff())) {
    throw std::invalid_argument(body.name +
                                ": the mass matrix is singular (mass must be positive and the "
                                "inertia positive definite with I1 + I2 > I3 for every axis)");
  }
  coordinates_ += kBodyCoordinates;
  mass_matrix_ready_ = false;
  largest_mass_entry_ = std::max(largest_mass_entry_, M.diagonal().maxCoeff());

  // Rigid-body constraints u·u−1, v·v−1, w·w−1, u·v, u·w, v·w (docs/dynamics.md, "Natural
  // coordinates").
  const int group = constraints_.addGroup("body '" + body.name + "' (rigid-body constraints)");
  const AffineVec3 e[3] = {directionOn(index, Vec3::UnitX()), directionOn(index, Vec3::UnitY()),
                           directionOn(index, Vec3::UnitZ())};
  for (int i = 0; i < 3; ++i) constraints_.addDotProduct(group, e[i], e[i], 1.0, RowUnit::Angle);
  constraints_.addDotProduct(group, e[0], e[1], 0.0, RowUnit::Angle);
  constraints_.addDotProduct(group, e[0], e[2], 0.0, RowUnit::Angle);
  constraints_.addDotProduct(group, e[1], e[2], 0.0, RowUnit::Angle);

  forces_.addWeight(pointOn(index, mi.center_of_mass), mi.mass);
  extendModelBox(body.pose.apply(mi.center_of_mass));
  largest_gyration_radius_ =
      std::max(largest_gyration_radius_, std::sqrt(mi.inertia.trace() / mi.mass));
  return index;
}

int MultibodySystem::coordinateOffset(BodyIndex body) const {
  return body == kWorld ? -1 : offsets_.at(body);
}

void MultibodySystem::checkBody(BodyIndex body, const std::string& what) const {
  if (body != kWorld && (body < 0 || body >= static_cast<BodyIndex>(bodies_.size()))) {
    throw std::invalid_argument(what + ": body index " + std::to_string(body) + " out of range");
  }
}

void MultibodySystem::checkDistinct(const std::string& name, BodyIndex a, BodyIndex b) const {
  checkBody(a, name);
  checkBody(b, name);
  if (a == b) throw std::invalid_argument(name + ": connects a body to itself");
}

Pose MultibodySystem::initialPose(BodyIndex body) const {
  return body == kWorld ? Pose::identity() : bodies_.at(body).pose;
}

Vec3 MultibodySystem::toLocalPoint(BodyIndex body, const Vec3& world) const {
  return initialPose(body).inverse().apply(world);
}

Vec3 MultibodySystem::toLocalDirection(BodyIndex body, const Vec3& world) const {
  return initialPose(body).rotation.transpose() * world;
}

AffineVec3 MultibodySystem::pointOn(BodyIndex body, const Vec3& local) const {
  AffineVec3 x;
  const int o = coordinateOffset(body);
  if (o < 0) {
    x.constant = initialPose(body).apply(local);
    return x;
  }
  // r = r_G + Σ x̄_i e_i with x̄ measured from the centre of mass (the base point).
  const Vec3 from_com = local - bodies_[body].mass.center_of_mass;
  x.terms = {{o, 1.0}, {o + 3, from_com.x()}, {o + 6, from_com.y()}, {o + 9, from_com.z()}};
  return x;
}

AffineVec3 MultibodySystem::directionOn(BodyIndex body, const Vec3& local) const {
  AffineVec3 x;
  const int o = coordinateOffset(body);
  if (o < 0) {
    x.constant = initialPose(body).rotation * local;
    return x;
  }
  x.terms = {{o + 3, local.x()}, {o + 6, local.y()}, {o + 9, local.z()}};
  return x;
}

void MultibodySystem::extendModelBox(const Vec3& world_point) { model_box_.extend(world_point); }

double MultibodySystem::lengthScale() const {
  const double extent = model_box_.isEmpty() ? 0.0 : model_box_.diagonal().norm();
  const double scale = std::max(extent, largest_gyration_radius_);
  // A lone body with no extent and no inertia has no length of its own: metres then.
  return scale > 0.0 && std::isfinite(scale) ? scale : 1.0;
}

Eigen::VectorXd MultibodySystem::coordinateScales() const {
  Eigen::VectorXd scales = Eigen::VectorXd::Ones(coordinates_);
  const double length = lengthScale();
  for (const int o : offsets_) {
    if (o >= 0) scales.segment<3>(o).setConstant(length);
  }
  return scales;
}

Eigen::VectorXd MultibodySystem::constraintScales() const {
  Eigen::VectorXd scales = Eigen::VectorXd::Ones(constraints_.rowCount());
  const double length = lengthScale();
  for (int row = 0; row < constraints_.rowCount(); ++row) {
    if (constraints_.rowUnit(row) == RowUnit::Length) scales[row] = length;
  }
  return scales;
}

void MultibodySystem::addCoincidence(int group, BodyIndex a, BodyIndex b, const Vec3& point) {
  extendModelBox(point);
  constraints_.addVectorEquality(
      group, pointOn(a, toLocalPoint(a, point)) - pointOn(b, toLocalPoint(b, point)),
      RowUnit::Length);
}

void MultibodySystem::addSameDirection(int group, BodyIndex a, BodyIndex b, const Vec3& direction) {
  constraints_.addVectorEquality(group,
                                 directionOn(a, toLocalDirection(a, direction)) -
                                     directionOn(b, toLocalDirection(b, direction)),
                                 RowUnit::Angle);
}

void MultibodySystem::addSphericalJoint(const std::string& name, BodyIndex a, BodyIndex b,
                                        const Vec3& point) {
  checkDistinct(name, a, b);
  addCoincidence(constraints_.addGroup("joint '" + name + "' (spherical)"), a, b, point);
}

int MultibodySystem::addRevoluteJoint(const std::string& name, BodyIndex a, BodyIndex b,
                                      const Vec3& point, const Vec3& axis) {
  checkDistinct(name, a, b);
  // Spherical + s_A − s_B = 0: one of the three direction rows is redundant, which ALI3-P
  // tolerates (docs/dynamics.md, "Constraints").
  const int group = constraints_.addGroup("joint '" + name + "' (revolute)");
  const int pin_row = constraints_.rowCount();
  addCoincidence(group, a, b, point);
  addSameDirection(group, a, b, unitAxis(axis, name));
  return pin_row;
}

void MultibodySystem::addFixedJoint(const std::string& name, BodyIndex a, BodyIndex b,
                                    const Vec3& point) {
  checkDistinct(name, a, b);
  const int group = constraints_.addGroup("joint '" + name + "' (fixed)");
  addCoincidence(group, a, b, point);
  addSameDirection(group, a, b, Vec3::UnitX());
  addSameDirection(group, a, b, Vec3::UnitY());
}

void MultibodySystem::addPrismaticJoint(const std::string& name, BodyIndex a, BodyIndex b,
                                        const Vec3& point, const Vec3& axis) {
  checkDistinct(name, a, b);
  const int group = constraints_.addGroup("joint '" + name + "' (prismatic)");
  const Vec3 s = unitAxis(axis, name);
  const Vec3 t1 = perpendicular(s), t2 = s.cross(t1);
  // Axis alignment and no relative rotation about it: equal s and equal t1 (redundant rows).
  addSameDirection(group, a, b, s);
  addSameDirection(group, a, b, t1);
  // The relative position d = r_B − r_A stays perpendicular to t1_A and t2_A (slides along s_A).
  const AffineVec3 d = pointOn(b, toLocalPoint(b, point)) - pointOn(a, toLocalPoint(a, point));
  constraints_.addDotProduct(group, d, directionOn(a, toLocalDirection(a, t1)), 0.0,
                             RowUnit::Length);
  constraints_.addDotProduct(group, d, directionOn(a, toLocalDirection(a, t2)), 0.0,
                             RowUnit::Length);
}

JointAxes MultibodySystem::jointAxes(const std::string& name, BodyIndex a, BodyIndex b,
                                     const Vec3& point, const Vec3& axis, bool revolute) const {
  checkDistinct(name, a, b);
  const Vec3 s = unitAxis(axis, name);
  JointAxes axes;
  axes.revolute = revolute;
  if (revolute) {
    // e1, e2 = s × e1 across the axis on A; b on B equal to e1 at t = 0, so φ(0) = 0.
    const Vec3 t1 = perpendicular(s), t2 = s.cross(t1);
    axes.e1 = directionOn(a, toLocalDirection(a, t1));
    axes.e2 = directionOn(a, toLocalDirection(a, t2));
    axes.b = directionOn(b, toLocalDirection(b, t1));
  } else {
    axes.d = pointOn(b, toLocalPoint(b, point)) - pointOn(a, toLocalPoint(a, point));
    axes.s = directionOn(a, toLocalDirection(a, s));
  }
  return axes;
}

int MultibodySystem::addJointDrive(const std::string& name, BodyIndex a, BodyIndex b,
                                   const Vec3& point, const Vec3& axis, bool revolute,
                                   const MotionProfile& motion) {
  JointAxes axes = jointAxes(name, a, b, point, axis, revolute);
  const int group = constraints_.addGroup("joint '" + name + "' (prescribed " +
                                          (revolute ? "angle" : "displacement") + ")");
  const int row =
      revolute
          ? constraints_.addAngleDrive(group, std::move(axes.e1), std::move(axes.e2),
                                       std::move(axes.b), motion)
          : constraints_.addDisplacementDrive(group, std::move(axes.d), std::move(axes.s), motion);
  drives_.push_back({name, row, motion, revolute});
  return static_cast<int>(drives_.size()) - 1;
}

int MultibodySystem::addCable(const std::string& name, BodyIndex a, const Vec3& point_a,
                              BodyIndex b, const Vec3& point_b, const CableLength& length) {
  checkDistinct(name, a, b);
  extendModelBox(point_a);
  extendModelBox(point_b);
  const int group = constraints_.addGroup("cable '" + name + "'");
  const AffineVec3 d = pointOn(a, toLocalPoint(a, point_a)) - pointOn(b, toLocalPoint(b, point_b));
  const int row = constraints_.addCable(group, d, length);
  cables_.push_back({name, row, length});
  return static_cast<int>(cables_.size()) - 1;
}

void MultibodySystem::addSpring(const std::string& name, BodyIndex a, const Vec3& point_a,
                                BodyIndex b, const Vec3& point_b, double stiffness, double damping,
                                std::optional<double> rest_length) {
  checkDistinct(name, a, b);
  if (!(stiffness >= 0.0) || !(damping >= 0.0)) {
    throw std::invalid_argument(name + ": stiffness and damping must be >= 0");
  }
  extendModelBox(point_a);
  extendModelBox(point_b);
  const double rest = rest_length.value_or((point_b - point_a).norm());
  if (!(rest >= 0.0)) throw std::invalid_argument(name + ": rest length must be >= 0");
  forces_.addSpring(pointOn(a, toLocalPoint(a, point_a)), pointOn(b, toLocalPoint(b, point_b)),
                    stiffness, damping, rest);
}

void MultibodySystem::addLoad(BodyIndex body, const Vec3& force, const Vec3& point,
                              const Vec3& torque) {
  checkBody(body, "load");
  const int o = coordinateOffset(body);
  if (o < 0) return;  // a load on a fixed body does nothing
  extendModelBox(point);
  if (force != Vec3::Zero()) forces_.addPointForce(pointOn(body, toLocalPoint(body, point)), force);
  if (torque != Vec3::Zero()) forces_.addTorque(o, torque);
}

void MultibodySystem::addForceSource(std::shared_ptr<GeneralizedForceSource> source) {
  forces_.addSource(std::move(source));
}

Eigen::VectorXd MultibodySystem::initialCoordinates() const {
  Eigen::VectorXd q(coordinates_);
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    if (offsets_[i] < 0) continue;
    Pose base = bodies_[i].pose;
    base.translation = base.apply(bodies_[i].mass.center_of_mass);
    q.segment<kBodyCoordinates>(offsets_[i]) = naturalCoordinates(base);
  }
  return q;
}

Eigen::VectorXd MultibodySystem::initialVelocities() const {
  Eigen::VectorXd qd(coordinates_);
  for (std::size_t i = 0; i < bodies_.size(); ++i) {
    if (offsets_[i] < 0) continue;
    const BodyDefinition& body = bodies_[i];
    // v_G = v_O + ω × (R c̄): the scene gives the velocity of the body frame's origin.
    const Vec3 com_velocity =
        body.linear_velocity +
        body.angular_velocity.cross(body.pose.rotation * body.mass.center_of_mass);
    qd.segment<kBodyCoordinates>(offsets_[i]) =
        naturalVelocities(body.pose, com_velocity, body.angular_velocity);
  }
  return qd;
}

const Eigen::SparseMatrix<double>& MultibodySystem::massMatrix() const {
  if (mass_matrix_ready_) return mass_matrix_;
  Triplets t;
  for (std::size_t b = 0; b < bodies_.size(); ++b) {
    if (offsets_[b] < 0) continue;
    // M_b = M̄ ⊗ I3.
    const Eigen::Matrix4d M = reducedMassMatrix(aboutCentreOfMass(bodies_[b].mass));
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) {
        for (int k = 0; k < 3; ++k)
          t.emplace_back(offsets_[b] + 3 * i + k, offsets_[b] + 3 * j + k, M(i, j));
      }
    }
  }
  mass_matrix_.resize(coordinates_, coordinates_);
  mass_matrix_.setFromTriplets(t.begin(), t.end());
  mass_matrix_ready_ = true;
  return mass_matrix_;
}

Pose MultibodySystem::bodyPose(BodyIndex body, const Eigen::VectorXd& q) const {
  const int o = coordinateOffset(body);
  if (o < 0) return initialPose(body);
  // q holds the centre of mass's frame: the body frame's origin is at r_G − R c̄.
  Pose pose = poseFromCoordinates(q.segment<kBodyCoordinates>(o));
  pose.translation -= pose.rotation * bodies_[body].mass.center_of_mass;
  return pose;
}

Vec3 MultibodySystem::bodyOriginVelocity(BodyIndex body, const Eigen::VectorXd& qdot) const {
  const int o = coordinateOffset(body);
  if (o < 0) return Vec3::Zero();
  // ṙ_O = ṙ_G − Σ c̄_i ė_i (the origin is the body point −c̄ from the centre of mass).
  const Vec3& c = bodies_[body].mass.center_of_mass;
  return qdot.segment<3>(o) - c.x() * qdot.segment<3>(o + 3) - c.y() * qdot.segment<3>(o + 6) -
         c.z() * qdot.segment<3>(o + 9);
}

Vec3 MultibodySystem::bodyAngularVelocity(BodyIndex body, const Eigen::VectorXd& q,
                                          const Eigen::VectorXd& qdot) const {
  const int o = coordinateOffset(body);
  if (o < 0) return Vec3::Zero();
  return angularVelocityFromCoordinates(q.segment<kBodyCoordinates>(o),
                                        qdot.segment<kBodyCoordinates>(o));
}

}  // namespace contactsim
