#import <UIKit/UIKit.h>

@implementation Autosave
- (instancetype)init {
    [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(flush) name:UIApplicationWillResignActiveNotification object:nil];
    return self;
}
@end
