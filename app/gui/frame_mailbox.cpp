#include "frame_mailbox.h"

#include <algorithm>

namespace contactsim::gui {

PlotSample plotSample(const SimulationFrame& frame) {
  PlotSample sample;
  sample.time = frame.time;
  for (const ContactDiagnostics& c : frame.contacts) {
    sample.normal_force += c.normal_force;
    sample.friction_force += c.friction_force.norm();
    sample.indentation = std::max(sample.indentation, c.patch.indentation);
  }
  for (const CableState& cable : frame.cables) sample.cable_tensions.push_back(cable.tension);
  sample.kinetic = frame.energy.kinetic;
  sample.potential = frame.energy.gravity + frame.energy.springs;
  sample.balance = frame.energy.balance();
  return sample;
}

bool FrameMailbox::post(SimulationFrame frame, const RunStats& stats,
                        std::vector<PlotSample>&& samples, int generation, bool reset) {
  const std::lock_guard lock(mutex_);
  const bool was_empty = !pending_.has_value();
  if (was_empty) {
    pending_.emplace();
  } else {
    ++dropped_;
  }
  pending_->frame = std::move(frame);
  pending_->stats = stats;
  if (pending_->generation != generation) pending_->samples.clear();
  pending_->generation = generation;
  pending_->reset = pending_->reset || reset;
  if (reset) pending_->samples.clear();
  pending_->samples.insert(pending_->samples.end(), std::make_move_iterator(samples.begin()),
                           std::make_move_iterator(samples.end()));
  return was_empty;
}

std::optional<Snapshot> FrameMailbox::take() {
  const std::lock_guard lock(mutex_);
  std::optional<Snapshot> snapshot = std::move(pending_);
  pending_.reset();
  if (snapshot) ++taken_;
  return snapshot;
}

long FrameMailbox::dropped() const {
  const std::lock_guard lock(mutex_);
  return dropped_;
}

long FrameMailbox::taken() const {
  const std::lock_guard lock(mutex_);
  return taken_;
}

}  // namespace contactsim::gui
