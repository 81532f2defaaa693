// A scene set in motion: the multibody system, its contact force source and the integrator,
// advanced step by step. The one entry point the CLI, the recorder and the GUI share.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "dynamics/ali3p_integrator.h"
#include "scene/scene.h"
#include "sim/contact_force_source.h"
#include "sim/simulation_frame.h"

namespace contactsim {

// A contact force source that reports its contacts as the patch source does: what a contact
// geometry outside contactsim_core (contactsim_volumetric's VolumetricForceSource) implements.
class ContactSource : public GeneralizedForceSource {
 public:
  // The contacts at the last accepted step.
  virtual const std::vector<ContactDiagnostics>& contacts() const = 0;
};

// Builds the source of the scene's pairs in volumetric contact geometry (issue 16). Passed in by
// the callers that link contactsim_volumetric, which contactsim_core (Eigen only) cannot.
using VolumetricSourceFactory = std::function<std::shared_ptr<ContactSource>(
    const Scene&, const MultibodySystem&, std::vector<ContactPairDefinition>)>;

class Simulation {
 public:
  // Builds everything and makes the initial state consistent. Throws SceneError for a scene the
  // dynamics rejects and SimulationError when the initial state cannot be made consistent.
  // `interaction`, when given, is one more force source registered with the scene's, before the
  // integrator starts (so its work is in the energy account from the first step): the GUI's mouse
  // spring, which adds nothing while released.
  // `volumetric` builds the source of the pairs the scene puts in volumetric geometry
  // (contact.geometry); without it such a scene is a SceneError.
  explicit Simulation(Scene scene, ContactOptions contact_options = {},
                      std::shared_ptr<GeneralizedForceSource> interaction = nullptr,
                      const VolumetricSourceFactory& volumetric = {});
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  // One time step (settings.time_step, with internal halvings if needed). Throws SimulationError
  // when the step fails; the state is then the last good one.
  const StepReport& step();
  double time() const;
  // The current state as a frame (contacts as evaluated at the last accepted step).
  SimulationFrame frame() const;

  // Everything the run carries from this step to the next — the integrator's state, the contacts'
  // tracking (ids, δ̇₀, stick anchors, passivity ledgers), the chains and windlasses, the joint
  // motors — so that a Simulation of the same scene restored from it continues bit for bit as
  // this one would (core/record/FORMAT.md, "Resuming"). None for a scene with volumetric contact,
  // whose state is not checkpointed.
  std::optional<std::vector<std::uint8_t>> checkpoint() const;
  // Continues from a checkpoint. The scene may differ from the one it was taken from in laws,
  // materials and settings, not in bodies, joints, cables or contact pairs: a checkpoint that does
  // not fit throws CheckpointError, and the simulation is then unusable. contacts() is empty
  // until the next step.
  void restore(std::span<const std::uint8_t> checkpoint);

  const Scene& scene() const { return scene_; }
  const MultibodySystem& system() const { return *system_; }
  const Ali3pIntegrator& integrator() const { return *integrator_; }
  // Null when the scene has no contact pairs.
  const ContactForceSource* contacts() const { return contacts_.get(); }
  // Null when no pair is in volumetric geometry.
  const ContactSource* volumetricContacts() const { return volumetric_.get(); }

 private:
  Scene scene_;
  std::unique_ptr<MultibodySystem> system_;
  std::shared_ptr<ContactForceSource> contacts_;
  std::shared_ptr<ContactSource> volumetric_;
  std::unique_ptr<Ali3pIntegrator> integrator_;
  StepReport last_report_;
  double last_step_wall_seconds_ = 0.0;
};

}  // namespace contactsim
