#include "sim/simulation.h"

#include <chrono>
#include <string>

#include "scene/scene_reader.h"
#include "scene/scene_system.h"
#include "sim/scene_contact.h"

namespace contactsim {

Simulation::Simulation(Scene scene, ContactOptions contact_options,
                       std::shared_ptr<GeneralizedForceSource> interaction,
                       const VolumetricSourceFactory& volumetric)
    : scene_(std::move(scene)), system_(std::make_unique<MultibodySystem>(buildSystem(scene_))) {
  // Pairs in volumetric geometry go to their own source and are left out of the patch source.
  std::vector<ContactPairDefinition> pairs, volumetric_pairs;
  for (ContactPairDefinition& pair : contactPairsFromScene(scene_)) {
    const bool is_volumetric =
        contactGeometryOf(scene_, pair.body_a, pair.body_b) == ContactGeometry::Volumetric;
    (is_volumetric ? volumetric_pairs : pairs).push_back(std::move(pair));
  }
  if (!volumetric_pairs.empty()) {
    if (!volumetric) {
      throw SceneError(scene_.file.string() +
                       ": contact.geometry \"volumetric\" needs contactsim_volumetric, which this "
                       "program was built without");
    }
    volumetric_ = volumetric(scene_, *system_, std::move(volumetric_pairs));
    system_->addForceSource(volumetric_);
  }
  if (!pairs.empty()) {
    contact_options.release_refinement = releaseRefinement(scene_.solver.tolerance.has_value());
    contacts_ = std::make_shared<ContactForceSource>(*system_, std::move(pairs), contact_options);
    system_->addForceSource(contacts_);
  }
  if (interaction) system_->addForceSource(std::move(interaction));
  integrator_ = std::make_unique<Ali3pIntegrator>(*system_, scene_.solver);
  // Joint friction's load: the force its pin carries, the multipliers of the pin's rows at the
  // integrator's state (the last accepted substep, which the actuator reads on acceptance).
  const Ali3pIntegrator* integrator = integrator_.get();
  for (const auto& actuator : jointActuators(*system_)) {
    if (!actuator->isFriction() || actuator->pinRow() < 0) continue;
    actuator->setLoadSource([integrator, row = actuator->pinRow()] {
      return integrator->state().multipliers.segment<3>(row).norm();
    });
  }
  // The initial contacts, tracked from t = 0; the chains' tension and energy account too.
  const MultibodyState& s = integrator_->state();
  if (contacts_) contacts_->acceptStep(s.q, s.qdot, s.t);
  if (volumetric_) volumetric_->acceptStep(s.q, s.qdot, s.t);
  for (const auto& chain : chainCables(*system_)) chain->acceptStep(s.q, s.qdot, s.t);
  for (const auto& actuator : jointActuators(*system_)) actuator->acceptStep(s.q, s.qdot, s.t);
  last_report_.constraint_violation = integrator_->constraintViolation();
}

Simulation::~Simulation() = default;

const StepReport& Simulation::step() {
  const auto start = std::chrono::steady_clock::now();
  last_report_ = integrator_->step();
  last_step_wall_seconds_ =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return last_report_;
}

double Simulation::time() const { return integrator_->state().t; }

SimulationFrame Simulation::frame() const {
  SimulationFrame frame;
  const MultibodyState& s = integrator_->state();
  frame.time = s.t;
  for (BodyIndex b = 0; b < static_cast<BodyIndex>(system_->bodies().size()); ++b) {
    BodyState body;
    body.pose = system_->bodyPose(b, s.q);
    body.linear_velocity = system_->bodyOriginVelocity(b, s.qdot);
    body.angular_velocity = system_->bodyAngularVelocity(b, s.q, s.qdot);
    frame.bodies.push_back(body);
  }
  if (contacts_) frame.contacts = contacts_->contacts();
  if (volumetric_) {
    const std::vector<ContactDiagnostics>& v = volumetric_->contacts();
    frame.contacts.insert(frame.contacts.end(), v.begin(), v.end());
  }
  // Scene order: ideal cables are the system's constraint cables, chains its chain sources
  // (length = paid-out rest length L0; tension exactly 0 while slack).
  const std::vector<std::shared_ptr<ChainCable>> chains = chainCables(*system_);
  int ideal = 0;
  std::size_t chain = 0;
  for (const SceneCable& cable : scene_.cables) {
    if (cable.chain) {
      const ChainCable& c = *chains.at(chain++);
      frame.cables.push_back({c.restLength(), c.tension()});
    } else {
      frame.cables.push_back({integrator_->cableLength(ideal), integrator_->cableTension(ideal)});
      ++ideal;
    }
  }
  // Driven joints in scene order: a prescribed motion is the system's next drive row, a motor the
  // next motor among the joint actuators (stops are not drives).
  std::vector<std::shared_ptr<JointActuator>> motors;
  for (const auto& a : jointActuators(*system_))
    if (a->isMotor()) motors.push_back(a);
  int prescribed = 0;
  std::size_t motor = 0;
  for (const SceneJoint& joint : scene_.joints) {
    if (!joint.drive) continue;
    if (joint.drive->motion) {
      frame.drives.push_back(
          {joint.drive->motion->at(s.t).position, integrator_->driveEffort(prescribed++)});
    } else {
      const JointActuator& m = *motors.at(motor++);
      frame.drives.push_back({m.position(), m.effort()});
    }
  }
  frame.energy = integrator_->energy();
  frame.solver.newton_iterations = last_report_.newton_iterations;
  frame.solver.substeps = last_report_.substeps;
  frame.solver.smallest_substep = last_report_.smallest_substep;
  frame.solver.constraint_violation = last_report_.constraint_violation;
  frame.solver.step_wall_seconds = last_step_wall_seconds_;
  return frame;
}

namespace {

// "CSCK" and the layout's version: a checkpoint of another layout is refused, not misread.
constexpr std::int64_t kCheckpointMagic = 0x4b435343;
constexpr std::int64_t kCheckpointVersion = 5;

}  // namespace

std::optional<std::vector<std::uint8_t>> Simulation::checkpoint() const {
  if (volumetric_) return std::nullopt;
  StateWriter out;
  out.integer(kCheckpointMagic);
  out.integer(kCheckpointVersion);
  out.integer(system_->coordinateCount());
  out.integer(system_->constraintCount());
  integrator_->saveState(out);
  // The sources that carry state, in the order the constructor first accepted them.
  out.flag(contacts_ != nullptr);
  if (contacts_) contacts_->saveState(out);
  const auto chains = chainCables(*system_);
  out.integer(static_cast<std::int64_t>(chains.size()));
  for (const auto& chain : chains) chain->saveState(out);
  const auto actuators = jointActuators(*system_);
  out.integer(static_cast<std::int64_t>(actuators.size()));
  for (const auto& actuator : actuators) actuator->saveState(out);
  return out.bytes();
}

void Simulation::restore(std::span<const std::uint8_t> checkpoint) {
  if (volumetric_)
    throw CheckpointError("checkpoint: a scene with volumetric contact cannot resume");
  StateReader in(checkpoint, "checkpoint");
  if (in.integer() != kCheckpointMagic) in.fail("not a contactsim checkpoint");
  if (const std::int64_t version = in.integer(); version != kCheckpointVersion)
    in.fail("layout version " + std::to_string(version) + ", this program reads " +
            std::to_string(kCheckpointVersion));
  if (in.integer() != system_->coordinateCount() || in.integer() != system_->constraintCount())
    in.fail("taken from a scene with other bodies or joints");
  integrator_->restoreState(in);
  if (in.flag() != (contacts_ != nullptr)) in.fail("taken from a scene with other contact pairs");
  if (contacts_) contacts_->restoreState(in);
  const auto chains = chainCables(*system_);
  if (in.count(chains.size()) != chains.size()) in.fail("taken from a scene with other chains");
  for (const auto& chain : chains) chain->restoreState(in);
  const auto actuators = jointActuators(*system_);
  if (in.count(actuators.size()) != actuators.size())
    in.fail("taken from a scene with other joint motors or stops");
  for (const auto& actuator : actuators) actuator->restoreState(in);
  in.expectEnd();
  last_report_ = {};
  last_report_.constraint_violation = integrator_->constraintViolation();
  last_step_wall_seconds_ = 0.0;
}

}  // namespace contactsim
