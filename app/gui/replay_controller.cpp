#include "replay_controller.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

namespace contactsim::gui {

ReplayController::ReplayController(QWidget* parent)
    : QWidget(parent),
      slider_(new QSlider(Qt::Horizontal, this)),
      label_(new QLabel(this)),
      play_button_(new QToolButton(this)),
      timer_(new QTimer(this)) {
  auto* back = new QToolButton(this);
  back->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
  back->setToolTip("Previous frame");
  auto* forward = new QToolButton(this);
  forward->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
  forward->setToolTip("Next frame");
  play_button_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  play_button_->setToolTip("Play / pause the recording");
  slider_->setObjectName("replay_slider");
  slider_->setTracking(true);
  label_->setMinimumWidth(180);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->addWidget(new QLabel("Replay", this));
  layout->addWidget(back);
  layout->addWidget(play_button_);
  layout->addWidget(forward);
  layout->addWidget(slider_, 1);
  layout->addWidget(label_);

  timer_->setInterval(33);
  connect(timer_, &QTimer::timeout, this, &ReplayController::advance);
  connect(slider_, &QSlider::valueChanged, this, [this](int value) {
    if (value != current_) showFrame(value);
  });
  connect(back, &QToolButton::clicked, this, [this] {
    pause();
    showFrame(current_ - 1);
  });
  connect(forward, &QToolButton::clicked, this, [this] {
    pause();
    showFrame(current_ + 1);
  });
  connect(play_button_, &QToolButton::clicked, this, [this] { playing() ? pause() : play(); });
  setEnabled(false);
}

ReplayController::~ReplayController() = default;

void ReplayController::open(const QString& path) {
  auto reader = std::make_unique<RecordingReader>(path.toStdString());
  std::vector<std::shared_ptr<const TriMesh>> meshes;
  for (std::size_t i = 0; i < reader->header().bodies.size(); ++i) {
    TriMesh mesh = reader->mesh(static_cast<int>(i));
    meshes.push_back(mesh.triangleCount() > 0 ? std::make_shared<const TriMesh>(std::move(mesh))
                                              : nullptr);
  }
  if (reader->frameCount() == 0) {
    throw RecordingError(path.toStdString() + ": the recording has no frames");
  }
  pause();
  reader_ = std::move(reader);
  meshes_ = std::move(meshes);
  current_ = -1;
  {
    const QSignalBlocker blocker(slider_);
    slider_->setRange(0, static_cast<int>(reader_->frameCount() - 1));
    slider_->setValue(0);
  }
  setEnabled(true);
  showFrame(0);
}

void ReplayController::close() {
  pause();
  reader_.reset();
  meshes_.clear();
  current_ = -1;
  label_->clear();
  setEnabled(false);
}

void ReplayController::showFrame(std::int64_t index) {
  if (!reader_) return;
  index = std::clamp<std::int64_t>(index, 0, reader_->frameCount() - 1);
  SimulationFrame frame;
  try {
    frame = reader_->frame(index);
  } catch (const std::exception& error) {
    pause();
    emit failed(QString::fromStdString(error.what()));
    return;
  }
  current_ = index;
  {
    const QSignalBlocker blocker(slider_);
    slider_->setValue(static_cast<int>(index));
  }
  label_->setText(QStringLiteral("frame %1 / %2   t = %3 s")
                      .arg(index)
                      .arg(reader_->frameCount() - 1)
                      .arg(frame.time, 0, 'f', 4));
  emit frameShown(frame);
}

bool ReplayController::playing() const { return timer_->isActive(); }

void ReplayController::play() {
  if (!reader_) return;
  if (current_ >= reader_->frameCount() - 1) showFrame(0);
  play_start_time_ = reader_->frameTime(current_);
  play_start_wall_ = QDateTime::currentMSecsSinceEpoch();
  play_button_->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  timer_->start();
}

void ReplayController::pause() {
  timer_->stop();
  play_button_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
}

void ReplayController::advance() {
  if (!reader_) return pause();
  const double t =
      play_start_time_ + (QDateTime::currentMSecsSinceEpoch() - play_start_wall_) / 1000.0;
  std::int64_t next = reader_->firstFrameAtOrAfter(t);
  if (next >= reader_->frameCount()) {
    showFrame(reader_->frameCount() - 1);
    pause();
    return;
  }
  if (next != current_) showFrame(next);
}

}  // namespace contactsim::gui
