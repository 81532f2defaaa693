#include "vtk_view_widget.h"

#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkNew.h>
#include <vtkOpenGLState.h>

#include <QMouseEvent>
#include <QOpenGLContext>
#include <QSurfaceFormat>
#include <QWheelEvent>
#include <chrono>

namespace contactsim::gui {

namespace {

// Further than this (logical pixels) between press and release is a drag, not a click.
constexpr int kClickSlop = 4;

}  // namespace

VtkViewWidget::VtkViewWidget(QWidget* parent)
    : QOpenGLWidget(parent),
      window_(vtkSmartPointer<vtkGenericOpenGLRenderWindow>::New()),
      interactor_(vtkSmartPointer<vtkGenericRenderWindowInteractor>::New()) {
  // Qt creates and owns the context; VTK only renders into it.
  window_->SetOwnContext(false);
  window_->AddObserver(vtkCommand::WindowMakeCurrentEvent, this,
                       &VtkViewWidget::makeContextCurrentForVtk);

  interactor_->SetRenderWindow(window_);
  // Qt decides when to paint: the interactor must not render by itself.
  interactor_->EnableRenderOff();
  vtkNew<vtkInteractorStyleTrackballCamera> style;
  interactor_->SetInteractorStyle(style);

  setMouseTracking(false);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(200, 150);
}

VtkViewWidget::~VtkViewWidget() {
  // ~QOpenGLWidget destroys the context after this object has stopped being a VtkViewWidget:
  // its aboutToBeDestroyed must no longer reach our slot (UBSan: invalid downcast).
  if (context()) disconnect(context(), nullptr, this, nullptr);
  releaseGraphicsBeforeContextLoss();
}

QSurfaceFormat VtkViewWidget::requiredFormat() {
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setVersion(3, 2);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(8);
  format.setAlphaBufferSize(8);
  return format;
}

vtkRenderWindow* VtkViewWidget::renderWindow() const { return window_; }

void VtkViewWidget::initializeGL() {
  // The context can be recreated (e.g. when the widget is reparented): free the old one's
  // objects before it goes.
  connect(context(), &QOpenGLContext::aboutToBeDestroyed, this,
          &VtkViewWidget::releaseGraphicsBeforeContextLoss, Qt::UniqueConnection);

  window_->SetReadyForRendering(true);
  window_->SetIsCurrent(true);
  window_->OpenGLInitContext();
  // VTK renders into its own framebuffer and copies the frame into whatever framebuffer is
  // bound when it finishes: during paintGL that is the widget's.
  window_->SetFrameBlitModeToBlitToCurrent();
  graphics_initialised_ = true;
  if (!interactor_->GetInitialized()) interactor_->Initialize();
}

void VtkViewWidget::paintGL() {
  // Qt changed GL state since VTK's last frame; VTK's state cache must not trust itself.
  vtkOpenGLState* state = window_->GetState();
  state->Reset();
  state->Push();
  const auto start = std::chrono::steady_clock::now();
  window_->Render();
  render_seconds_ +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  state->Pop();
}

void VtkViewWidget::resizeGL(int width, int height) {
  const double ratio = devicePixelRatioF();
  const int device_width = static_cast<int>(width * ratio);
  const int device_height = static_cast<int>(height * ratio);
  window_->SetSize(device_width, device_height);
  interactor_->SetSize(device_width, device_height);
}

void VtkViewWidget::makeContextCurrentForVtk() {
  if (context()) context()->makeCurrent(context()->surface());
}

void VtkViewWidget::releaseGraphicsBeforeContextLoss() {
  makeCurrent();
  releaseGraphics();
  doneCurrent();
}

void VtkViewWidget::releaseGraphics() {
  if (!graphics_initialised_) return;
  window_->Finalize();
  graphics_initialised_ = false;
}

void VtkViewWidget::setEventInformation(const QPointF& position, Qt::KeyboardModifiers modifiers) {
  const double ratio = devicePixelRatioF();
  interactor_->SetEventInformationFlipY(static_cast<int>(position.x() * ratio),
                                        static_cast<int>(position.y() * ratio),
                                        modifiers.testFlag(Qt::ControlModifier) ? 1 : 0,
                                        modifiers.testFlag(Qt::ShiftModifier) ? 1 : 0);
}

QPointF VtkViewWidget::vtkDisplay(const QPointF& position) const {
  const double ratio = devicePixelRatioF();
  return {position.x() * ratio, (height() - position.y()) * ratio};
}

void VtkViewWidget::mousePressEvent(QMouseEvent* event) {
  press_position_ = event->position().toPoint();
  // Ctrl+left is VTK's spin; here it grabs a body instead and never reaches the interactor.
  if (event->button() == Qt::LeftButton && event->modifiers().testFlag(Qt::ControlModifier)) {
    body_drag_ = true;
    const QPointF at = vtkDisplay(event->position());
    emit bodyDragStarted(at.x(), at.y(), event->modifiers().testFlag(Qt::ShiftModifier));
    return;
  }
  setEventInformation(event->position(), event->modifiers());
  switch (event->button()) {
    case Qt::LeftButton:
      interactor_->LeftButtonPressEvent();
      break;
    case Qt::MiddleButton:
      interactor_->MiddleButtonPressEvent();
      break;
    case Qt::RightButton:
      interactor_->RightButtonPressEvent();
      break;
    default:
      return;
  }
  update();
}

void VtkViewWidget::mouseReleaseEvent(QMouseEvent* event) {
  if (body_drag_ && event->button() == Qt::LeftButton) {
    body_drag_ = false;
    emit bodyDragEnded();
    return;
  }
  setEventInformation(event->position(), event->modifiers());
  switch (event->button()) {
    case Qt::LeftButton:
      interactor_->LeftButtonReleaseEvent();
      break;
    case Qt::MiddleButton:
      interactor_->MiddleButtonReleaseEvent();
      break;
    case Qt::RightButton:
      interactor_->RightButtonReleaseEvent();
      break;
    default:
      return;
  }
  update();
  const QPoint moved = event->position().toPoint() - press_position_;
  if (event->button() == Qt::LeftButton && moved.manhattanLength() <= kClickSlop) {
    const QPointF at = vtkDisplay(event->position());
    emit clicked(at.x(), at.y());
  }
}

void VtkViewWidget::mouseMoveEvent(QMouseEvent* event) {
  if (body_drag_) {
    const QPointF at = vtkDisplay(event->position());
    emit bodyDragMoved(at.x(), at.y());
    return;
  }
  // Without mouse tracking, moves arrive only while a button is held: every one changes the view.
  setEventInformation(event->position(), event->modifiers());
  interactor_->MouseMoveEvent();
  update();
}

void VtkViewWidget::wheelEvent(QWheelEvent* event) {
  setEventInformation(event->position(), event->modifiers());
  const int steps = event->angleDelta().y();
  if (steps > 0) {
    interactor_->MouseWheelForwardEvent();
  } else if (steps < 0) {
    interactor_->MouseWheelBackwardEvent();
  }
  event->accept();
  update();
}

void VtkViewWidget::enterEvent(QEnterEvent* event) {
  setEventInformation(event->position(), event->modifiers());
  interactor_->EnterEvent();
  QOpenGLWidget::enterEvent(event);
}

void VtkViewWidget::leaveEvent(QEvent* event) {
  interactor_->LeaveEvent();
  QOpenGLWidget::leaveEvent(event);
}

}  // namespace contactsim::gui
